package io.engram.cli.install;

import io.engram.cli.output.Examples;
import java.io.PrintWriter;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code engram generate-completion}: picocli's bash and zsh completion script for every command and option,
 * and, over it, the names of the project's memories where a command takes one ({@code show}, {@code edit},
 * {@code forget}), asked of {@code engram list --names} when completing, so they are the memories as they are.
 */
@Examples({
    "source <(engram generate-completion)"})
@Command(name = "generate-completion", mixinStandardHelpOptions = true,
    description = {"Print a bash/zsh completion script for engram, with memory names.",
        "Run 'source <(engram generate-completion)' in a shell, or add that line to its profile."})
public final class CompletionCommand implements Runnable {
  /**
   * Completes a memory name after {@code show}, {@code edit} and {@code forget} (with the {@code --home} and
   * {@code --project} the line gives), each quoted as the shell needs it; everything else as picocli's script
   * does.
   */
  static final String MEMORY_NAMES = """

      # Memory names for 'engram show|edit|forget NAME', asked of engram itself, so they are current.
      _engram_complete_with_memories() {
        local i word sub="" cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        local -a where=()
        for ((i = 1; i < COMP_CWORD; i++)); do
          word="${COMP_WORDS[i]}"
          case "$word" in
            --home|--project) where+=("$word" "${COMP_WORDS[i+1]}"); i=$((i + 1)) ;;
            -*) ;;
            *) [ -z "$sub" ] && sub="$word" ;;
          esac
        done
        case "$sub:$prev" in
          show:--home|show:--project|edit:--home|edit:--project|forget:--home|forget:--project) ;;
          show:*|edit:*|forget:*)
            if [[ "$cur" != -* ]]; then
              local name IFS=$'\\n'
              COMPREPLY=($(engram "${where[@]}" list --names 2>/dev/null | while IFS= read -r name; do
                [[ "$name" == "$cur"* ]] && printf '%q\\n' "$name"; done))
              return 0
            fi ;;
        esac
        _complete_engram "$@"
      }
      complete -F _engram_complete_with_memories -o default engram
      """;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    out.print(AutoComplete.bash("engram", spec.root().commandLine()));
    out.print(MEMORY_NAMES);
    out.flush();
  }
}
