import type { Job } from '../jobs/Scheduler.js';

/** What the server knows of an answered HTTP call when its answer has left (the access log). */
export interface ResponseFacts {
  method: string;
  /** The URL as asked, query included: the sink keeps only what may be kept. */
  url: string;
  /** The route's pattern; undefined when no route matched. */
  route: string | undefined;
  /** Who the route says calls it (`user`, `station`, …); undefined for routes outside the catalogue. */
  auth: string | undefined;
  status: number;
  durationMs: number;
  userId: number | null;
  /** The caller's partner app (gari, haytech) when a user is logged in. */
  partnerApp: string | null;
  ip: string;
}

export interface JobRunFacts {
  name: string;
  startMs: number;
  durationMs: number;
  error: unknown;
  ok: boolean;
}

/**
 * Where the server reports what it does itself (decision 0095): each log line as the logger wrote it
 * (redacted), each answered call, each job's start and end. The diagnostics feature provides it;
 * every method must return at once — they run on the request and logging paths.
 */
export interface DiagnosticsSink {
  logLine(line: string): void;
  response(facts: ResponseFacts): void;
  /** The jobs this server has, once, before any runs. */
  jobsKnown(jobs: readonly Job[]): void;
  jobStarted(name: string, startMs: number): void;
  jobEnded(facts: JobRunFacts): void;
  /** This process's scheduler runs the jobs from now on (main.ts; tests run them by hand). */
  jobsScheduled(sinceMs: number): void;
}

/** A job that tells the sink when it starts and ends; its own result is unchanged. */
export function observedJob(job: Job, sink: DiagnosticsSink): Job {
  return {
    ...job,
    run: async () => {
      const startMs = Date.now();
      sink.jobStarted(job.name, startMs);
      try {
        await job.run();
        sink.jobEnded({ name: job.name, startMs, durationMs: Date.now() - startMs, ok: true, error: null });
      } catch (error) {
        sink.jobEnded({ name: job.name, startMs, durationMs: Date.now() - startMs, ok: false, error });
        throw error;
      }
    },
  };
}

/**
 * The logger's destination: standard output as before, and each line to the diagnostics sink once
 * the features are up (lines written before that go to standard output only). pino hands it the
 * line already serialised, so its redaction has run.
 */
export class LogTee {
  private sink: ((line: string) => void) | undefined;

  constructor(private readonly out: { write(line: string): unknown }) {}

  attach(sink: (line: string) => void): void {
    this.sink = sink;
  }

  write(line: string): void {
    this.out.write(line);
    this.sink?.(line);
  }
}
