import type { Type } from '@nestjs/common';
import { AuthController } from './accounts/auth.controller';
import { OidcController } from './accounts/oidc.controller';
import { OpenApiController } from './http/openapi.controller';
import { LiveController } from './live/live.controller';
import { AuditController } from './views/audit.controller';
import { PublicReadsController, SeatReadsController } from './views/reads.controller';
import { MessagesController } from './worlds/messages.controller';
import { MovesController } from './worlds/moves.controller';
import { NationController } from './worlds/nation.controller';
import { WorldsController } from './worlds/worlds.controller';

/** Every controller of the gateway: the module serves them and the OpenAPI document describes them. */
export const GATEWAY_CONTROLLERS: Type<unknown>[] = [
  AuthController, OidcController, WorldsController, SeatReadsController, PublicReadsController, MovesController, NationController, MessagesController, LiveController, AuditController, OpenApiController,
];
