import { NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { ApiExceptionFilter } from './api-exception.filter';

function hostOf(log: { error: jest.Mock }) {
  const reply = { status: jest.fn(), send: jest.fn() };
  reply.status.mockReturnValue(reply);
  const host = {
    switchToHttp: () => ({ getRequest: () => ({ log }), getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  return { host, reply };
}

it('logs an unexpected error on the request’s own logger (its request and trace ids) and answers 500', () => {
  const log = { error: jest.fn() };
  const { host, reply } = hostOf(log);
  const failure = new Error('database exploded');
  new ApiExceptionFilter().catch(failure, host);
  expect(log.error).toHaveBeenCalledWith({ err: failure }, 'request failed');
  expect(reply.status).toHaveBeenCalledWith(500);
  // The answer names nothing of the failure.
  expect(JSON.stringify(reply.send.mock.calls[0][0])).not.toContain('exploded');
});

it('does not log a refusal (4xx) as a failure', () => {
  const log = { error: jest.fn() };
  const { host, reply } = hostOf(log);
  new ApiExceptionFilter().catch(new NotFoundException('no such tool'), host);
  expect(log.error).not.toHaveBeenCalled();
  expect(reply.status).toHaveBeenCalledWith(404);
});
