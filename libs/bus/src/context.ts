import type { JsMsg } from '@nats-io/jetstream';
import type { Msg } from '@nats-io/nats-core';
import { BaseRpcContext } from '@nestjs/microservices';

/** What an `@EventPattern` handler gets as `@Ctx()`: the JetStream message (do not ack it yourself). */
export class JetStreamEventContext extends BaseRpcContext<[JsMsg, string]> {
  get message(): JsMsg {
    return this.args[0];
  }

  /** The logical subject (without the prefix), e.g. `moves.t1`. */
  get subject(): string {
    return this.args[1];
  }
}

/** What a `@MessagePattern` handler gets as `@Ctx()`: the core NATS request. */
export class NatsRequestContext extends BaseRpcContext<[Msg, string]> {
  get message(): Msg {
    return this.args[0];
  }

  get subject(): string {
    return this.args[1];
  }
}
