import { OnRequest, PassErrorsToTransport } from '@chronicle/bus';
import {
  AdminSubjects, AuditQueryV1, BusStateQueryV1, type BusStatePageV1, ExecuteNowV1, ScheduleSubjects, type ExecuteNowDoneV1, DeadLettersQueryV1, OperatorMoveV1, RetryDeadLetterV1, WorldActionV1, WorldNoticeV1, NoticesQueryV1, type NoticesV1, type AuditTrailV1, type DeadLettersV1, type WorldActionDoneV1,
} from '@chronicle/contracts';
import { Controller, UseFilters } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { NoticeBoard } from './notice-board';
import { OperatorDesk } from './operator-desk';

/** The players' ExecuteEngine, through the gateway (no operator role: it only sends a tick that is due), and the notices every world's page shows. */
@Controller()
@UseFilters(PassErrorsToTransport)
export class ExecuteNowController {
  constructor(private readonly desk: OperatorDesk, private readonly board: NoticeBoard) {}

  @OnRequest(ScheduleSubjects.executeNow, ExecuteNowV1)
  executeNow(@Payload() r: ExecuteNowV1): Promise<ExecuteNowDoneV1> {
    return this.desk.executeNow(r);
  }

  /** The notices in force: public (every world's page shows its own). */
  @OnRequest(ScheduleSubjects.notices, NoticesQueryV1)
  async notices(): Promise<NoticesV1> {
    return { notices: await this.board.list() };
  }
}

/** The operators' requests (deployments let only the `operator` role send them). */
@Controller()
@UseFilters(PassErrorsToTransport)
export class AdminController {
  constructor(private readonly desk: OperatorDesk) {}

  @OnRequest(AdminSubjects.pause, WorldActionV1)
  pause(@Payload() r: WorldActionV1): Promise<WorldActionDoneV1> {
    return this.desk.act('pause', r);
  }

  @OnRequest(AdminSubjects.resume, WorldActionV1)
  resume(@Payload() r: WorldActionV1): Promise<WorldActionDoneV1> {
    return this.desk.act('resume', r);
  }

  @OnRequest(AdminSubjects.retick, WorldActionV1)
  retick(@Payload() r: WorldActionV1): Promise<WorldActionDoneV1> {
    return this.desk.act('retick', r);
  }

  @OnRequest(AdminSubjects.audit, AuditQueryV1)
  async audit(@Payload() r: AuditQueryV1): Promise<AuditTrailV1> {
    return { entries: await this.desk.trail(r.target, r.limit ?? 100) };
  }

  @OnRequest(AdminSubjects.deadLetters, DeadLettersQueryV1)
  async deadLetters(@Payload() r: DeadLettersQueryV1): Promise<DeadLettersV1> {
    return { letters: await this.desk.deadLetters(r.limit ?? 50) };
  }

  @OnRequest(AdminSubjects.retryDead, RetryDeadLetterV1)
  retryDead(@Payload() r: RetryDeadLetterV1): Promise<WorldActionDoneV1> {
    return this.desk.retryDead(r);
  }

  @OnRequest(AdminSubjects.notice, WorldNoticeV1)
  notice(@Payload() r: WorldNoticeV1): Promise<WorldActionDoneV1> {
    return this.desk.notice(r);
  }

  @OnRequest(AdminSubjects.busState, BusStateQueryV1)
  busState(@Payload() q: BusStateQueryV1): Promise<BusStatePageV1> {
    return this.desk.busState(q);
  }

  @OnRequest(AdminSubjects.lift, WorldActionV1)
  lift(@Payload() r: WorldActionV1): Promise<WorldActionDoneV1> {
    return this.desk.liftQuarantine(r);
  }

  @OnRequest(AdminSubjects.move, OperatorMoveV1)
  move(@Payload() r: OperatorMoveV1): Promise<WorldActionDoneV1> {
    return this.desk.operatorMove(r);
  }
}
