import { orderExpiredEmail } from './order-emails';

const lines = [
  { name: 'Drill <Pro>', orderQuantity: 50, unitPrice: 119, totalPrice: 5950 },
  { name: 'Saw blades', orderQuantity: 10, unitPrice: 12, totalPrice: 120 },
];

describe('the "order expired" email', () => {
  it('greets by name and lists every line of a multi-line order, with its number', () => {
    const mail = orderExpiredEmail({
      id: '665f1c2e9b1d4a0012345678',
      email: 'ada@toolshop.test',
      name: 'Drill <Pro> and 1 more',
      orderQuantity: 60,
      lines,
      userName: 'Ada',
    });
    expect(mail.subject).toBe('Your unpaid order of Drill <Pro> and 1 more has expired');
    expect(mail.text).toMatch(/^Hello Ada,\n/);
    expect(mail.text).toContain('50 × Drill <Pro> at $119: $5,950');
    expect(mail.text).toContain('10 × Saw blades at $12: $120');
    expect(mail.text).toContain('Order number: 665f1c2e9b1d4a0012345678');
    expect(mail.html).toContain('<strong>50 × Drill &#60;Pro&#62;</strong>');
    expect(mail.html).not.toContain('<Pro>');
  });

  it('names the quantity of a one-line order and greets plainly without a name', () => {
    const mail = orderExpiredEmail({
      id: 'a1',
      email: 'bo@toolshop.test',
      name: 'Drill',
      orderQuantity: 2,
    });
    expect(mail.text).toMatch(/^Hello,\n\nYour order of 2 × Drill was not paid in time/);
    expect(mail.text).not.toContain(' at $');
    expect(mail.text).toContain('Order number: a1');
  });
});
