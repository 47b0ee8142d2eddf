import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { BuiltPage } from './page';

export const BUILT_PAGE = Symbol('BUILT_PAGE');

/** The page: one HTML document and its script, built at start. */
@Controller()
export class PageController {
  constructor(@Inject(BUILT_PAGE) private readonly page: BuiltPage) {}

  @Get()
  index(@Res() res: Response): void {
    res.type('html').send(this.page.html);
  }

  @Get('app.js')
  script(@Res() res: Response): void {
    res.type('application/javascript').send(this.page.script);
  }
}
