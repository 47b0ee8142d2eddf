import { Global, Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { HealthController, HealthRegistry, ProbePaths } from './health';
import { Metrics, MetricsController, METRICS_PATH } from './metrics';
import { redactedParams, redactQuery, safeError } from './redact';
import { logDestination } from './startup';

export interface ServiceKitOptions {
  /** Appears as `name` in every log line. */
  serviceName: string;
  logLevel: string;
}

const QUIET_PATHS = new Set<string>([...Object.values(ProbePaths), METRICS_PATH]);

/**
 * pino logs (nestjs-pino; the seed and other secrets must never be logged, so log ids and
 * counts, not payloads), `GET /health` and `GET /metrics` for one service.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    return {
      module: ServiceKitModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [{
            name: options.serviceName,
            level: options.logLevel,
            // Errors are logged through `safeError`: no driver parameters, no row details, no seed;
            // a URL (asked for, or redirected to) without the values of credential-carrying
            // parameters (an OIDC code and state).
            serializers: {
              err: safeError,
              req: (req: { url?: string; query?: Record<string, unknown> }) => {
                if (typeof req.url === 'string') req.url = redactQuery(req.url);
                if (req.query) req.query = redactedParams(req.query);
                return req;
              },
              res: (res: { headers?: Record<string, unknown> }) => {
                if (typeof res.headers?.location === 'string') res.headers = { ...res.headers, location: redactQuery(res.headers.location) };
                return res;
              },
            },
            // Credentials ride in these headers (the gateway's sessions): never in a log line.
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'], censor: '[redacted]' },
            // Probes every few seconds would drown the log.
            autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url ?? '') },
          }, logDestination()],
        }),
      ],
      controllers: [HealthController, MetricsController],
      providers: [HealthRegistry, Metrics],
      exports: [HealthRegistry, Metrics],
    };
  }
}
