/** The groups as the form shows them: one group per line, its terms separated by commas. */
export function groupsToLines(groups: readonly (readonly string[])[]): string {
  return groups.map((group) => group.join(', ')).join('\n');
}

/** The lines typed back into groups; blank lines and blank terms are left out. */
export function linesToGroups(text: string): string[][] {
  return text
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .map((term) => term.trim())
        .filter((term) => term !== ''),
    )
    .filter((group) => group.length > 0);
}

/**
 * The server's refusal as the owner reads it: a problem of `groups[i]` names the line it is on, counted among
 * the lines sent (blank lines are not sent, so line numbers follow what was sent).
 */
export function refusalText(message: string, errors: Readonly<Record<string, readonly string[]>> | undefined): string {
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const line = /^groups\[(\d+)\]$/.exec(field);
    if (line?.[1] !== undefined && messages[0] !== undefined) return `Line ${Number(line[1]) + 1}: ${messages[0]}`;
  }
  return message;
}
