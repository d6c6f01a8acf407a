// The baselines of the benchmark, on bare node:http: the same catalog reads served by the MongoDB
// driver on every request (/tools, /reviews), and the same bytes from memory (/memory/tools,
// /memory/reviews: the API's answer's body, fetched once at start, what the API's catalog cache
// can at best approach).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { MongoClient } from 'mongodb';

const { MONGODB_URI, MONGODB_DB, PORT, API_URL } = process.env;
const client = await MongoClient.connect(MONGODB_URI, { maxPoolSize: 20 });
const db = client.db(MONGODB_DB);
const LIST_CAP = 200;

const routes = {
  // the schema's hidden fields left out, as the API leaves them out
  '/tools': () =>
    db
      .collection('tools')
      .find({}, { projection: { nameKey: 0 } })
      .sort({ _id: -1 })
      .limit(LIST_CAP)
      .toArray(),
  '/reviews': () =>
    db
      .collection('reviews')
      .find({}, { projection: { customerName: 1, opinion: 1, rating: 1 } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(LIST_CAP)
      .toArray(),
};

// /answer/tools, /answer/reviews: the API's whole answer (API_URL), headers and body, with fresh
// request and trace ids as the API makes them: what is left is the framework's own work.
const PER_REQUEST = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'x-request-id',
  'x-trace-id',
  'traceresponse',
]);
const answers = {};
for (const path of Object.keys(routes)) {
  const answer = await fetch(`${API_URL}${path}`);
  const headers = [...answer.headers].filter(([name]) => !PER_REQUEST.has(name));
  answers[`/answer${path}`] = { headers, body: Buffer.from(await answer.arrayBuffer()) };
}
// The API's own body, byte for byte (what it adds to a record, e.g. a review's verifiedBuyer, too).
const memory = Object.fromEntries(
  Object.keys(routes).map((path) => [`/memory${path}`, answers[`/answer${path}`].body]),
);
const answerWithIds = ({ headers, body }, response) => {
  const traceId = randomUUID().replaceAll('-', '');
  const spanId = randomUUID().replaceAll('-', '').slice(0, 16);
  for (const [name, value] of headers) response.setHeader(name, value);
  response.setHeader('x-request-id', randomUUID());
  response.setHeader('x-trace-id', traceId);
  response.setHeader('traceresponse', `00-${traceId}-${spanId}-00`);
  response.writeHead(200).end(body);
};

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
createServer(async (request, response) => {
  const bytes = memory[request.url];
  if (bytes) return response.writeHead(200, JSON_TYPE).end(bytes);
  const answer = answers[request.url];
  if (answer) return answerWithIds(answer, response);
  const route = routes[request.url];
  if (!route) return response.writeHead(404).end();
  response.writeHead(200, JSON_TYPE).end(JSON.stringify(await route()));
}).listen(Number(PORT), '127.0.0.1', () => console.log(`raw server on ${PORT}`));
