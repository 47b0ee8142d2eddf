import { OnEvent, OnRequest, PassErrorsToTransport } from '@chronicle/bus';
import {
  EventSubjects, ExecutorSubjects, ExecutorWorkSubjects, GetIntentOutcomeV1, IntentV1, SubmitIntentV1, TickV1,
  type IntentOutcomeV1,
} from '@chronicle/contracts';
import { Controller, Inject, UseFilters, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IntentDesk } from '../intents/intent-desk';
import { WorkRouter } from './work-router';

/** The executors' shared work queues and the intent door: each validated by the transport, then handed on. */
@Controller()
@UseFilters(PassErrorsToTransport)
export class WorkController {
  constructor(
    @Inject(WorkRouter) private readonly router: WorkRouter,
    @Inject(IntentDesk) private readonly desk: IntentDesk,
  ) {}

  @OnEvent(EventSubjects.allTicks, TickV1)
  tick(@Payload() tick: TickV1): Promise<void> {
    return this.router.tick(tick, false);
  }

  @OnEvent(EventSubjects.allIntents, IntentV1)
  async intent(@Payload() intent: IntentV1): Promise<void> {
    await this.router.intent(intent, false);
  }

  @OnRequest(ExecutorSubjects.submitIntent, SubmitIntentV1)
  submit(@Payload() request: SubmitIntentV1): Promise<IntentOutcomeV1> {
    return this.desk.submit(request);
  }

  @OnRequest(ExecutorSubjects.intentOutcome, GetIntentOutcomeV1)
  outcome(@Payload() request: GetIntentOutcomeV1): Promise<IntentOutcomeV1> {
    return this.desk.outcome(request);
  }
}

/** Work other replicas hand to this one (it holds the table), on subjects named after its id. */
export function forwardedWorkController(executorId: string): Type<unknown> {
  @Controller()
  @UseFilters(PassErrorsToTransport)
  class ForwardedWorkController {
    constructor(@Inject(WorkRouter) private readonly router: WorkRouter) {}

    @OnRequest(ExecutorWorkSubjects.forwardTick(executorId), TickV1)
    async tick(@Payload() tick: TickV1): Promise<null> {
      await this.router.tick(tick, true);
      return null;
    }

    @OnRequest(ExecutorWorkSubjects.forwardIntent(executorId), IntentV1)
    intent(@Payload() intent: IntentV1): Promise<IntentOutcomeV1> {
      return this.router.intent(intent, true);
    }
  }
  return ForwardedWorkController;
}
