import { OnEvent } from '@chronicle/bus';
import { EventSubjects, MoveEventV1, TableEventV1 } from '@chronicle/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { WorldKeeper } from '../worlds/world-keeper';
import { DueIndex } from './due-index';
import { Ticker } from './ticker';

/** Entries tell each table's next due time; table events its clock, its end, and a world's next chapter. */
@Controller()
export class ScheduleController {
  constructor(
    private readonly index: DueIndex,
    private readonly ticker: Ticker,
    private readonly worlds: WorldKeeper,
  ) {}

  @OnEvent(EventSubjects.allMoves, MoveEventV1)
  onEntry(@Payload() event: MoveEventV1): void {
    this.index.moved(event.tableId, event.seq, event.nextDueAt === null ? null : Date.parse(event.nextDueAt), Date.now());
    this.ticker.poke();
  }

  @OnEvent(EventSubjects.allTables, TableEventV1)
  async onTable(@Payload() event: TableEventV1): Promise<void> {
    await this.worlds.onTableEvent(event);
    this.ticker.poke();
  }
}
