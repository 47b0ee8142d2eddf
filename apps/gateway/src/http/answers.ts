import { SetMetadata, type Type } from '@nestjs/common';

/** Where {@link Answers} keeps a route's answer class (the OpenAPI document reads it back). */
export const ANSWER_METADATA = 'chronicle:answer';

/**
 * The shape of a route's answer, for the OpenAPI document: a class whose class-validator
 * rules (and `@JSONSchema` where a rule cannot say it, e.g. a nullable field) describe the
 * JSON the route returns. A client builds on it (the web page's command picker), so a
 * route's test checks what it answers against it.
 */
export const Answers = (dto: Type<object>): MethodDecorator => SetMetadata(ANSWER_METADATA, dto);
