export declare const NGINX_EXAMPLE: string;
export declare function testSite(
  example: string,
  options: { upstreamPorts: number[]; listenPort: number },
): string;
export declare function testNginxConf(options: { prefix: string; site: string; runAsRoot: boolean }): string;
export declare function exampleTestSite(options: { upstreamPorts: number[]; listenPort: number }): string;
