/**
 * `eem completion bash|zsh|fish`: a completion script generated from the command tree, so it
 * never falls behind the commands. Profile names are completed live from `eem profile list`.
 */

export interface OptionSpec {
  /** "--output", "-o". */
  names: string[];
  takesValue: boolean;
  /** What its value completes to: these words, or file names. */
  values?: readonly string[] | 'file' | undefined;
  description: string;
}

export interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  subcommands: CommandSpec[];
  /** Values of the first argument (e.g. completion shells). */
  argumentChoices?: readonly string[] | undefined;
  /** The first argument is a file (an import's workbook). */
  fileArgument?: boolean;
  /** The first argument names a profile. */
  profileArgument?: boolean;
}

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  path: string;
  spec: CommandSpec;
}

function walk(spec: CommandSpec, path = ''): Node[] {
  return [{ path, spec }, ...spec.subcommands.flatMap((s) => walk(s, path ? `${path} ${s.name}` : s.name))];
}

const PROFILE_LIST = `eem profile list --output tsv 2>/dev/null | cut -f1`;

function valueOptions(root: CommandSpec): string[] {
  const names = new Set<string>();
  for (const node of walk(root))
    for (const o of node.spec.options) if (o.takesValue) for (const n of o.names) names.add(n);
  return [...names];
}

/** What may follow a command: its subcommands or argument values. */
function words(node: Node): string {
  return [...node.spec.subcommands.map((s) => s.name), ...(node.spec.argumentChoices ?? [])].join(' ');
}

/** The flags of a command, and the global ones. */
function flags(node: Node, root: CommandSpec): string {
  const globals = root.options.flatMap((o) => o.names.filter((n) => n.startsWith('--')));
  const own = node.path ? node.spec.options.flatMap((o) => o.names.filter((n) => n.startsWith('--'))) : [];
  return [...own, ...globals, '--help'].join(' ');
}

/**
 * The value cases of a command's own flags (the same flag may mean a format on one command and
 * a file on another): `-o|--output) <files>`, `--status) <words>`, other value flags nothing.
 */
function valueCases(
  options: readonly OptionSpec[],
  indent: string,
  shell: { files: string; words: (values: readonly string[]) => string; none: string },
): string {
  return options
    .filter((o) => o.takesValue)
    .map((o) => {
      const action = o.values === 'file' ? shell.files : o.values ? shell.words(o.values) : shell.none;
      return `${indent}${o.names.join('|')}) ${action}; return ;;`;
    })
    .join('\n');
}

const BASH = {
  files: 'compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))',
  words: (values: readonly string[]) => `COMPREPLY=($(compgen -W "${values.join(' ')}" -- "$cur"))`,
  none: 'COMPREPLY=()',
};

const ZSH = {
  files: '_files',
  words: (values: readonly string[]) => `compadd -- ${values.join(' ')}`,
  none: ':',
};

function commandCase(node: Node, shell: typeof BASH, body: (node: Node) => string): string {
  const own = node.path ? valueCases(node.spec.options, '        ', shell) : '';
  const prev = own ? `case "$prev" in\n${own}\n      esac\n      ` : '';
  return `    "${node.path}")\n      ${prev}${body(node)} ;;`;
}

export function bashScript(root: CommandSpec): string {
  const nodes = walk(root);
  const cases = nodes
    .map((n) =>
      commandCase(n, BASH, (node) =>
        node.spec.fileArgument
          ? `if [[ "$cur" == -* ]]; then words="${flags(node, root)}"; else ${BASH.files}; return; fi`
          : `if [[ "$cur" == -* ]]; then words="${flags(node, root)}"; else words="${words(node)}"; fi`,
      ),
    )
    .join('\n');
  const profileArgs = nodes
    .filter((n) => n.spec.profileArgument)
    .map((n) => `"${n.path}"`)
    .join('|');
  return `# bash completion for eem. Load it with:  source <(eem completion bash)
# or save it:  eem completion bash > ~/.local/share/bash-completion/completions/eem
_eem() {
  local cur prev path="" i w skip=0 words
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    case "$w" in
      ${valueOptions(root).join('|')}) skip=1; continue ;;
      -*) continue ;;
    esac
    if [[ -z "$path" ]]; then path="$w"; else path="$path $w"; fi
  done
  case "$prev" in
    --profile) COMPREPLY=($(compgen -W "$(${PROFILE_LIST})" -- "$cur")); return ;;
${valueCases(
  root.options.filter((o) => !o.names.includes('--profile')),
  '    ',
  BASH,
)}
  esac
  ${profileArgs ? `case "$path" in ${profileArgs}) COMPREPLY=($(compgen -W "$(${PROFILE_LIST})" -- "$cur")); return ;; esac` : ''}
  case "$path" in
${cases}
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _eem eem
`;
}

export function zshScript(root: CommandSpec): string {
  const nodes = walk(root);
  const cases = nodes
    .map((n) =>
      commandCase(n, ZSH, (node) =>
        node.spec.fileArgument
          ? `if [[ "\${words[CURRENT]}" == -* ]]; then candidates=(${flags(node, root)}); else _files; return; fi`
          : `if [[ "\${words[CURRENT]}" == -* ]]; then candidates=(${flags(node, root)}); else candidates=(${words(node)}); fi`,
      ),
    )
    .join('\n');
  const profileArgs = nodes
    .filter((n) => n.spec.profileArgument)
    .map((n) => `"${n.path}"`)
    .join('|');
  return `#compdef eem
# zsh completion for eem. Load it with:  source <(eem completion zsh)
# or save it as _eem in a directory of your $fpath.
_eem() {
  local -a candidates
  local path_words="" w prev i skip=0
  for ((i = 2; i < CURRENT; i++)); do
    w="\${words[i]}"
    if ((skip)); then skip=0; continue; fi
    case "$w" in
      ${valueOptions(root).join('|')}) skip=1; continue ;;
      -*) continue ;;
    esac
    if [[ -z "$path_words" ]]; then path_words="$w"; else path_words="$path_words $w"; fi
  done
  prev="\${words[CURRENT-1]}"
  case "$prev" in
    --profile) compadd -- \${(f)"$(${PROFILE_LIST})"}; return ;;
${valueCases(
  root.options.filter((o) => !o.names.includes('--profile')),
  '    ',
  ZSH,
)}
  esac
  ${profileArgs ? `case "$path_words" in ${profileArgs}) compadd -- \${(f)"$(${PROFILE_LIST})"}; return ;; esac` : ''}
  case "$path_words" in
${cases}
    *) candidates=() ;;
  esac
  compadd -- $candidates
}
if [[ "\${funcstack[1]}" == "_eem" ]]; then _eem "$@"; else compdef _eem eem; fi
`;
}

function fishEscape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

export function fishScript(root: CommandSpec): string {
  const lines = [
    '# fish completion for eem. Load it with:  eem completion fish | source',
    '# or save it:  eem completion fish > ~/.config/fish/completions/eem.fish',
    'complete -c eem -f',
    `function __eem_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path
    set -l skip 0
    for t in $tokens
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $t
            case ${valueOptions(root).join(' ')}
                set skip 1
                continue
            case '-*'
                continue
        end
        set path $path $t
    end
    echo (string join ' ' -- $path)
end`,
  ];
  for (const node of walk(root)) {
    const cond = `'test (__eem_path) = "${node.path}"'`;
    for (const sub of node.spec.subcommands) {
      lines.push(`complete -c eem -n ${cond} -a '${sub.name}' -d '${fishEscape(sub.description)}'`);
    }
    for (const choice of node.spec.argumentChoices ?? [])
      lines.push(`complete -c eem -n ${cond} -a '${choice}'`);
    if (node.spec.profileArgument) lines.push(`complete -c eem -n ${cond} -a "(${PROFILE_LIST})"`);
    if (node.spec.fileArgument) lines.push(`complete -c eem -n ${cond} -F`);
    if (!node.path) continue;
    for (const option of node.spec.options) {
      lines.push(fishOption(`-n ${cond} `, option));
    }
  }
  for (const option of root.options) lines.push(fishOption('', option));
  return `${lines.join('\n')}\n`;
}

function fishOption(condition: string, option: OptionSpec): string {
  const long = option.names.find((n) => n.startsWith('--'))?.slice(2);
  const short = option.names.find((n) => /^-[^-]$/.test(n))?.slice(1);
  const parts = [`complete -c eem ${condition}`.trimEnd()];
  if (long) parts.push(`-l ${long}`);
  if (short) parts.push(`-s ${short}`);
  // A file value: fish's file names (-r -F); other values: only the words given (-x).
  if (option.values === 'file') parts.push('-r -F');
  else if (option.takesValue) parts.push('-x');
  if (Array.isArray(option.values)) parts.push(`-a '${option.values.join(' ')}'`);
  if (long === 'profile') parts.push(`-a "(${PROFILE_LIST})"`);
  parts.push(`-d '${fishEscape(option.description)}'`);
  return parts.join(' ');
}

export function completionScript(shell: Shell, root: CommandSpec): string {
  switch (shell) {
    case 'bash':
      return bashScript(root);
    case 'zsh':
      return zshScript(root);
    case 'fish':
      return fishScript(root);
  }
}
