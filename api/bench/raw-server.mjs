// The baseline of the benchmark: the same catalog reads served by bare node:http + the MongoDB driver.
import { createServer } from 'node:http';
import { MongoClient } from 'mongodb';

const { MONGODB_URI, MONGODB_DB, PORT } = process.env;
const client = await MongoClient.connect(MONGODB_URI, { maxPoolSize: 20 });
const db = client.db(MONGODB_DB);
const LIST_CAP = 200;

const routes = {
  '/tools': () => db.collection('tools').find().sort({ _id: -1 }).limit(LIST_CAP).toArray(),
  '/reviews': () =>
    db
      .collection('reviews')
      .find({}, { projection: { customerName: 1, opinion: 1, rating: 1 } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(LIST_CAP)
      .toArray(),
};

createServer(async (request, response) => {
  const route = routes[request.url];
  if (!route) return response.writeHead(404).end();
  const body = JSON.stringify(await route());
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
}).listen(Number(PORT), '127.0.0.1', () => console.log(`raw server on ${PORT}`));
