// The lane's account of each block of the README and docs/, per AI SDK major, as a Markdown table that can be quoted.

function cell(block, result, major) {
  if (!block.majors.includes(major.id)) return `not for this major (${block.majors.map(id => `${id}-only`).join()})`;
  const { typecheck, run } = result;
  const done = [];
  if (!typecheck) done.push('not type-checked (setup failed)');
  else done.push(typecheck.ok ? 'type-checked' : '**type-check FAILED**');
  if (block.typecheckOnly) done.push(`not run: typecheck-only, ${block.typecheckOnly}`);
  else if (!run) done.push('not run (setup failed)');
  else if (!run.ok) done.push(run.compared ? '**output differs**' : '**run FAILED**');
  else done.push(run.compared ? 'run, output compared' : 'run');
  return done.join('; ');
}

/** `outcome[block.index][majorId]` holds `{ typecheck?, run? }`. */
export function blockTable(blocks, outcome, majors) {
  const escape = text => text.replace(/\|/g, '\\|');
  const rows = blocks.map(block => [
    block.index,
    `${block.file}:${block.line}`,
    escape(block.heading),
    ...majors.map(major => escape(cell(block, outcome[block.index][major.id], major))),
  ]);
  const header = ['block', 'page:line', 'heading', ...majors.map(major => major.label)];
  return `${[header, header.map(() => '---'), ...rows].map(row => `| ${row.join(' | ')} |`).join('\n')}\n`;
}
