import type { ChildProcess } from 'node:child_process';

export declare const standInsMain: string;
export declare function standInsNeeded(env?: NodeJS.ProcessEnv): ('stripe' | 'smtp' | 'sms')[];
export declare function startStandIns(
  command: string,
  commandArgs: string[],
  opts: { names: string[]; webhookUrl?: string; simCallbackUrl?: string; timeoutMs?: number },
): Promise<{ child: ChildProcess | null; env: Record<string, string>; urls: Record<string, string> }>;
export declare function standInsLine(urls: Record<string, string>): string | null;
