// The baselines of the benchmark, on bare node:http: the same catalog reads served by the MongoDB
// driver on every request (/tools, /reviews), and the same bytes from memory (/memory/tools,
// /memory/reviews: read once at start, what the API's catalog cache can at best approach).
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
const memory = {};
for (const [path, read] of Object.entries(routes))
  memory[`/memory${path}`] = Buffer.from(JSON.stringify(await read()));

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
createServer(async (request, response) => {
  const bytes = memory[request.url];
  if (bytes) return response.writeHead(200, JSON_TYPE).end(bytes);
  const route = routes[request.url];
  if (!route) return response.writeHead(404).end();
  response.writeHead(200, JSON_TYPE).end(JSON.stringify(await route()));
}).listen(Number(PORT), '127.0.0.1', () => console.log(`raw server on ${PORT}`));
