import type { Order } from '@toolshop/contracts';
import { boughtTools } from './bought-tools';

const order = (id: string, paid: boolean, lines: [string, string][]): Order =>
  ({
    _id: id,
    paid,
    toolId: lines[0]![0],
    name: lines[0]![1],
    lines: lines.map(([toolId, name]) => ({ toolId, name })),
  }) as unknown as Order;

it('lists the tools of paid orders once each, alphabetically whatever their case', () => {
  const tools = boughtTools([
    order('o1', true, [
      ['t3', 'Circular Saw'],
      ['t1', 'Angle Grinder'],
    ]),
    order('o2', false, [['t9', 'Unpaid Drill']]),
    order('o3', true, [
      ['t2', 'bench grinder'],
      ['t1', 'Angle Grinder'],
    ]),
  ]);
  expect(tools).toEqual([
    { toolId: 't1', name: 'Angle Grinder' },
    { toolId: 't2', name: 'bench grinder' },
    { toolId: 't3', name: 'Circular Saw' },
  ]);
});

it('does not build a collator (its first use is a long task)', () => {
  const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
  boughtTools([
    order('o1', true, [
      ['t2', 'b'],
      ['t1', 'A'],
    ]),
  ]);
  expect(localeCompare).not.toHaveBeenCalled();
  localeCompare.mockRestore();
});
