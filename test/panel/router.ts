/** Finds the route of a request path (relative to /api/v1) and extracts its `{placeholders}`. */
import type { SimRoute } from './routeTable';

export interface RouteMatch {
  route: SimRoute;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: SimRoute;
  segments: string[];
  placeholders: number;
}

export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(routes: readonly SimRoute[]) {
    this.compiled = routes
      .map((route) => {
        const segments = route.path.split('/').slice(1);
        return { route, segments, placeholders: segments.filter(isPlaceholder).length };
      })
      // Literal segments win: `/nodes/order` before `/nodes/{id}`.
      .sort((a, b) => a.placeholders - b.placeholders);
  }

  match(method: string, path: string): RouteMatch | undefined {
    const parts = path.replace(/\/+$/, '').split('/').slice(1);
    for (const candidate of this.compiled) {
      if (candidate.route.method !== method || candidate.segments.length !== parts.length) continue;
      const params = matchSegments(candidate.segments, parts);
      if (params) return { route: candidate.route, params };
    }
    return undefined;
  }
}

function isPlaceholder(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const segment = template[i];
    if (isPlaceholder(segment)) {
      if (parts[i] === '') return undefined;
      params[segment.slice(1, -1)] = safeDecode(parts[i]);
    } else if (segment !== parts[i]) {
      return undefined;
    }
  }
  return params;
}

/** The percent-decoded text, or the text as it is when it is not valid percent-encoding (`%zz`). */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
