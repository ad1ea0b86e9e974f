/**
 * One line per problem: the file, the path inside it and what is wrong. Slides and questions are
 * named by index and id (`slides.3[phishing-signs].image`), so an editor finds them in the file.
 */
export function zodProblems(
  label: string,
  error: { issues: { path: PropertyKey[]; message: string }[] },
  raw?: unknown,
) {
  return error.issues.map((issue) => {
    const parts: string[] = [];
    let node: unknown = raw;
    for (const key of issue.path) {
      const child = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
      const id = child && typeof child === 'object' && 'id' in child ? (child as { id: unknown }).id : undefined;
      parts.push(typeof key === 'number' && typeof id === 'string' ? `${key}[${id}]` : String(key));
      node = child;
    }
    return `${label}: ${parts.join('.') || '(file)'}: ${issue.message}`;
  });
}
