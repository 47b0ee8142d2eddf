import { EventPattern, MessagePattern } from '@nestjs/microservices';

/**
 * A request handler on a logical subject (the transport adds the prefix). The payload is
 * validated against `dto` first; the handler gets the class instance.
 */
export function OnRequest(subject: string, dto: new () => object): MethodDecorator {
  return MessagePattern(subject, { dto });
}

/**
 * An event handler on a consumer's logical filter subject; the payload is validated against
 * `dto` and a malformed one is dead-lettered without reaching the handler.
 */
export function OnEvent(filter: string, dto: new () => object): MethodDecorator {
  return EventPattern<string>(filter, { dto });
}
