// A manufacturer's volume of data for trying and measuring the shop at scale: 5,000 products,
// 50,000 orders from 2,000 buyers (the demo customer among them with 1,000), 20,000 reviews, the
// 50,000 'order placed' emails those orders sent (outbox) and a saved list per buyer.
// Deterministic (a seeded generator), written straight into the database in batches, in the
// shapes the API stores (tool, order, review and user schemas). Loaded only into a database whose
// tools collection is empty or holds the demo catalog only, so it never mixes with real data.
//
//   node api/scripts/large-data.mjs --uri mongodb://127.0.0.1:27017/toolshop
//   npm start -- --demo-data large          (the stack loads it before the API starts)
import { parseArgs } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';

export const LARGE = {
  tools: 5_000,
  orders: 50_000,
  buyers: 2_000,
  reviews: 20_000,
  bigBuyerOrders: 1_000,
};
export const BIG_BUYER = 'customer@toolshop.test';
const MARKER = 'large-demo-data';

const CATEGORIES = ['Drills', 'Saws', 'Grinders', 'Sanders', 'Hammers', 'Accessories'];
const IMAGES = [
  'cordless-drill.webp',
  'impact-driver.webp',
  'angle-grinder.webp',
  'circular-saw.webp',
  'rotary-hammer.webp',
  'jigsaw.webp',
  'orbit-sander.webp',
  'reciprocating-saw.webp',
];
const KINDS = {
  Drills: 'Drill',
  Saws: 'Saw',
  Grinders: 'Grinder',
  Sanders: 'Sander',
  Hammers: 'Rotary Hammer',
  Accessories: 'Blade Set',
};
const SERIES = [
  'Pro',
  'Heavy Duty',
  'Compact',
  'Brushless',
  'Cordless',
  'Industrial',
  'Site',
  'Precision',
];
const FIRST = [
  'Ana',
  'Ben',
  'Chloe',
  'Dev',
  'Eva',
  'Finn',
  'Grace',
  'Hugo',
  'Ines',
  'Jon',
  'Kai',
  'Lena',
  'Milo',
  'Nora',
  'Omar',
  'Pia',
];
const LAST = [
  'Baker',
  'Carter',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Meyer',
];
const OPINIONS = [
  'Solid tool, does what it says.',
  'Battery lasts a full shift on site.',
  'Bought ten for the workshop, no complaints.',
  'A bit heavy, but very precise.',
  'Great value for the price tier.',
  'Delivery was quick and well packed.',
];
const DAY = 86_400_000;

/** mulberry32: the same data on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An ObjectId whose time part is `at`, so "newest first by _id" agrees with createdAt. */
const idAt = (at, n) =>
  new ObjectId(
    `${Math.floor(at / 1000)
      .toString(16)
      .padStart(8, '0')}${n.toString(16).padStart(16, '0')}`,
  );

function* tools(rand, publicUrl, now) {
  for (let i = 0; i < LARGE.tools; i++) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const packSize = i % 7 === 0 ? 5 : 1;
    const minOrder = packSize * (1 + Math.floor(rand() * 4));
    const price = 20 + Math.floor(rand() * 480);
    const tool = {
      _id: idAt(now - 400 * DAY + i * 60_000, i + 1),
      name: `${SERIES[i % SERIES.length]} ${KINDS[category]} ${String(1000 + i)}`,
      img: `${publicUrl}/images/${IMAGES[i % IMAGES.length]}`,
      shortDescription: `${SERIES[i % SERIES.length]} ${KINDS[category].toLowerCase()} for daily work on site, model ${1000 + i}.`,
      minOrder,
      available:
        Math.floor(rand() * 5) === 0
          ? Math.floor(rand() * minOrder * 2)
          : 500 + Math.floor(rand() * 5000),
      price,
      category,
    };
    if (packSize > 1) tool.packSize = packSize;
    if (i % 5 === 0)
      tool.priceTiers = [{ minQuantity: 50, price: Math.max(1, Math.floor(price * 0.9)) }];
    yield tool;
  }
}

function buyer(i) {
  if (i === 0) return { email: BIG_BUYER, name: 'Demo Customer' };
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  return { email: `buyer${String(i).padStart(4, '0')}@large.toolshop.test`, name };
}

function* orders(rand, toolList, now) {
  for (let i = 0; i < LARGE.orders; i++) {
    // The demo customer places every 50th order (1,000); the others spread over the other buyers.
    const who =
      i % (LARGE.orders / LARGE.bigBuyerOrders) === 0
        ? buyer(0)
        : buyer(1 + (i % (LARGE.buyers - 1)));
    const tool = toolList[Math.floor(rand() * toolList.length)];
    const orderQuantity = tool.minOrder + (tool.packSize ?? 1) * Math.floor(rand() * 10);
    const unitPrice = tool.price;
    const createdAt = new Date(now - Math.floor((LARGE.orders - i) * ((365 * DAY) / LARGE.orders)));
    const roll = rand();
    const state =
      i >= LARGE.orders - 500 && roll < 0.5 ? 'unpaid' : roll < 0.55 ? 'paid' : 'shipped';
    const timeline = [{ event: 'placed', at: createdAt, by: 'customer' }];
    const order = {
      _id: idAt(createdAt.getTime(), 0x1000000 + i),
      // Order numbers as the API gives them (formatOrderNumber of @toolshop/contracts), in order.
      number: `TS-${100_001 + i}`,
      toolId: tool._id,
      name: tool.name,
      userName: who.name,
      img: tool.img,
      email: who.email,
      address: `${1 + (i % 300)} Workshop Lane, Pittsburgh`,
      phone: `+1 555 ${String(1000 + (i % 9000)).padStart(4, '0')}`,
      orderQuantity,
      unitPrice,
      totalPrice: orderQuantity * unitPrice,
      state,
      paid: state !== 'unpaid',
      shipped: state === 'shipped',
      timeline,
      createdAt,
    };
    if (state === 'unpaid') {
      order.reservedUntil = new Date(now + 30 * DAY); // the last unpaid ones stay unpaid for a month of trying
    } else {
      const transactionId = `pi_large_${i}`;
      order.transactionId = transactionId;
      timeline.push({
        event: 'paid',
        at: new Date(createdAt.getTime() + 60_000),
        by: 'customer',
        transactionId,
      });
      if (state === 'shipped')
        timeline.push({
          event: 'shipped',
          at: new Date(createdAt.getTime() + DAY),
          by: 'admin',
          actor: 'admin@toolshop.test',
          carrier: 'UPS',
          trackingNumber: `1Z${i}`,
        });
    }
    yield order;
  }
}

function* reviews(rand, now) {
  for (let i = 0; i < LARGE.reviews; i++) {
    const who = buyer(i % LARGE.buyers);
    const createdAt = new Date(
      now - Math.floor((LARGE.reviews - i) * ((365 * DAY) / LARGE.reviews)),
    );
    yield {
      _id: idAt(createdAt.getTime(), 0x2000000 + i),
      email: who.email,
      customerName: who.name,
      opinion: OPINIONS[i % OPINIONS.length],
      rating: 1 + Math.floor(rand() * 5),
      hidden: i % 97 === 0,
      createdAt,
    };
  }
}

function* sentEmails(orderList) {
  for (const order of orderList) {
    const at = order.createdAt;
    yield {
      _id: `placed:${order._id}`,
      to: order.email,
      subject: `Order received: ${order.name}`,
      text: `Thank you for your order of ${order.orderQuantity} x ${order.name}.`,
      html: `<p>Thank you for your order of ${order.orderQuantity} x ${order.name}.</p>`,
      status: 'sent',
      attempts: 1,
      nextAttemptAt: at,
      sentAt: at,
      createdAt: at,
    };
  }
}

function* savedLists(toolList, now) {
  for (let i = 1; i < LARGE.buyers; i++) {
    const at = new Date(now - (i % 300) * DAY);
    const lines = [0, 1, 2].map((k) => toolList[(i * 7 + k * 131) % toolList.length]);
    yield {
      email: buyer(i).email,
      name: 'Monthly consumables',
      nameKey: 'monthly consumables',
      lines: lines.map((tool) => ({ toolId: tool._id, name: tool.name, quantity: tool.minOrder })),
      createdAt: at,
      updatedAt: at,
    };
  }
}

async function insertAll(collection, documents, batchSize = 1000) {
  let batch = [];
  let count = 0;
  for (const document of documents) {
    batch.push(document);
    if (batch.length === batchSize) {
      await collection.insertMany(batch, { ordered: false });
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length) await collection.insertMany(batch, { ordered: false });
  return count + batch.length;
}

/**
 * Loads the large data set into `db` unless it is there already; returns what it did.
 * @param {import('mongodb').Db} db
 */
export async function loadLargeData(
  db,
  { publicUrl = 'http://localhost:5000', now = Date.now(), log = console.error } = {},
) {
  if (await db.collection('meta').findOne({ _id: MARKER }))
    return { loaded: false, reason: 'already loaded' };
  if ((await db.collection('tools').estimatedDocumentCount()) > 100) {
    return { loaded: false, reason: 'this database already has a catalog of its own' };
  }
  const started = Date.now();
  const rand = random(27);
  log(
    `[large data] loading ${LARGE.tools} products, ${LARGE.orders} orders of ${LARGE.buyers} buyers, ${LARGE.reviews} reviews...`,
  );
  const toolList = [...tools(rand, publicUrl, now)];
  await insertAll(db.collection('tools'), toolList);
  await insertAll(
    db.collection('users'),
    Array.from({ length: LARGE.buyers }, (_, i) => ({
      ...buyer(i),
      createdAt: new Date(now - 400 * DAY),
      updatedAt: new Date(now - 400 * DAY),
    })).filter((u) => u.email !== BIG_BUYER),
  );
  const orderList = [...orders(rand, toolList, now)];
  await insertAll(db.collection('orders'), orderList);
  // The counter of order numbers (api/src/orders/order-numbers.ts): new orders come after these.
  await db
    .collection('counters')
    .updateOne({ _id: 'orderNumber' }, { $max: { seq: LARGE.orders } }, { upsert: true });
  await insertAll(db.collection('outbox'), sentEmails(orderList));
  await insertAll(db.collection('reviews'), reviews(rand, now));
  await insertAll(db.collection('saved_lists'), savedLists(toolList, now));
  await db.collection('meta').insertOne({ _id: MARKER, at: new Date(), counts: LARGE });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`[large data] loaded in ${seconds} s`);
  return { loaded: true, seconds: Number(seconds) };
}

async function main() {
  const { values } = parseArgs({
    options: { uri: { type: 'string' }, 'public-url': { type: 'string' } },
  });
  const uri = values.uri ?? process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/toolshop';
  const client = await MongoClient.connect(uri);
  try {
    const result = await loadLargeData(client.db(), { publicUrl: values['public-url'] });
    console.log(JSON.stringify(result));
  } finally {
    await client.close();
  }
}

// No top-level await: the tests require() this module.
if (import.meta.url === `file://${process.argv[1]}`) void main();
