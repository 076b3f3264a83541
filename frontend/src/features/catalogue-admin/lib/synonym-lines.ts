/** The groups as the form shows them: one group per line, its terms separated by commas. */
export function groupsToLines(groups: readonly (readonly string[])[]): string {
  return groups.map((group) => group.join(', ')).join('\n');
}

/**
 * The lines typed back into groups, one per line: blank terms are left out and a blank line is sent as an
 * empty group, which the server drops, so `groups[i]` in a refusal is line i + 1 of the form.
 */
export function linesToGroups(text: string): string[][] {
  return text.split('\n').map((line) =>
    line
      .split(',')
      .map((term) => term.trim())
      .filter((term) => term !== ''),
  );
}

/**
 * The server's refusal as the owner reads it: a problem of `groups[i]` names the line it is on, counted among
 * the form's lines (blank lines are sent as empty groups, so the numbers match what the owner sees).
 */
export function refusalText(message: string, errors: Readonly<Record<string, readonly string[]>> | undefined): string {
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const line = /^groups\[(\d+)\]$/.exec(field);
    if (line?.[1] !== undefined && messages[0] !== undefined) return `Line ${Number(line[1]) + 1}: ${messages[0]}`;
  }
  return message;
}
