package io.engram.cli.output;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The help section that shows a command's {@link Examples}: after the options and before the exit codes, each line
 * indented as picocli indents options. A command without examples shows no section.
 */
public final class ExamplesSection implements CommandLine.IHelpSectionRenderer {
  /** The section's key among picocli's help sections. */
  public static final String KEY = "examples";

  private ExamplesSection() {}

  /** Adds the section to {@code cli}'s help and to every subcommand's. */
  public static void install(CommandLine cli) {
    ExamplesSection section = new ExamplesSection();
    add(cli, section);
  }

  private static void add(CommandLine cli, ExamplesSection section) {
    cli.getHelpSectionMap().put(KEY, section);
    List<String> keys = new ArrayList<>(cli.getHelpSectionKeys());
    if (!keys.contains(KEY)) {
      int at = keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING);
      keys.add(at < 0 ? keys.size() : at, KEY);
      cli.setHelpSectionKeys(keys);
    }
    cli.getSubcommands().values().stream().distinct().forEach(sub -> add(sub, section));
  }

  /** The examples {@code spec}'s command declares; none when it declares none. */
  public static List<String> of(CommandLine.Model.CommandSpec spec) {
    Object command = spec.userObject();
    Examples examples = command == null ? null : command.getClass().getAnnotation(Examples.class);
    return examples == null ? List.of() : List.of(examples.value());
  }

  @Override
  public String render(CommandLine.Help help) {
    List<String> examples = of(help.commandSpec());
    if (examples.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder(String.format("%nExamples:%n"));
    examples.forEach(e -> out.append("  ").append(e).append(String.format("%n")));
    return out.toString();
  }
}
