/**
 * Where the station route tells about each call it answered (the station-logs feature records them,
 * decision 0090). The route hands over what it has; the sink decides what to keep and must return at
 * once: it runs on the ingest path, after the answer has left.
 */
export interface StationCallFacts {
  /** The id the caller named in its Authorization header (verified or not). */
  bsId: string;
  /** The body as parsed (checked only when status is 200); undefined when it was not JSON. */
  body: unknown;
  status: number;
  bytesUp: number;
  /** From the request's arrival to its answer. */
  durationMs: number;
  /** The answer's text, only when `wantsAnswer` said so for the station. */
  answer?: string;
}

export interface StationCallSink {
  /** Whether the station's calls keep their answer (its detailed logging is on). */
  wantsAnswer(bsId: string): boolean;
  record(call: StationCallFacts): void;
}
