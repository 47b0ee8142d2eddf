import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { BuiltPage } from './page';

export const BUILT_PAGE = Symbol('BUILT_PAGE');

/** The page: one HTML document and its scripts, built at start. */
@Controller()
export class PageController {
  constructor(@Inject(BUILT_PAGE) private readonly page: BuiltPage) {}

  @Get()
  index(@Res() res: Response): void {
    res.type('html').send(this.page.html);
  }

  @Get(':file.js')
  script(@Param('file') file: string, @Res() res: Response): void {
    const script = this.page.scripts.get(`${file}.js`);
    if (script === undefined) res.status(404).json({ error: `This page has no script ${file}.js.` });
    else res.type('application/javascript').send(script);
  }
}
