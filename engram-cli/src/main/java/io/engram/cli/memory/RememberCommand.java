package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemorySource;
import io.engram.memory.ProjectMemory;
import io.engram.memory.ReadableNames;
import io.engram.memory.MemoryType;
import io.engram.memory.Saved;
import io.engram.redact.Redaction;
import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram remember}: writes one memory, redacting secrets first. */
@Examples({
    "engram remember --type project \"The API listens on port 8080.\"",
    "engram remember --type feedback --name no-mocks \"Never mock the database.\"",
    "# the text from stdin",
    "git log -1 --format=%B | engram remember --type project -"})
@Command(
    name = "remember",
    mixinStandardHelpOptions = true,
    description = {
      "Save a memory (create, or update the memory of the same name).",
      "Secrets are redacted, and text the person marked private is dropped, before anything is written."},
    footerHeading = "%nWhat each type is for:%n",
    modelTransformer = RememberCommand.TypePurposes.class)
public final class RememberCommand implements java.util.concurrent.Callable<Integer> {
  // What was remembered is confirmed by its first line, within 150 characters (two lines of a terminal).
  private static final int FIRST_LINE_CHARS = 150;
  @Spec CommandSpec spec;

  /**
   * The help's footer: each type and what it is for ({@link MemoryType#purpose()}, written once there), the purpose
   * wrapped under itself: a footer of plain lines would wrap to the first column.
   */
  static final class TypePurposes implements CommandLine.IModelTransformer {
    // Layout: the longest type's name ("reference") with its indent and a gap, so every purpose starts in one column.
    private static final int TYPE_COLUMN = 13;

    @Override
    public CommandSpec transform(CommandSpec command) {
      command.usageMessage().sectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, help -> {
        int width = help.commandSpec().usageMessage().width();
        TextTable table = TextTable.forColumns(help.colorScheme(),
            new Column(TYPE_COLUMN, 2, Column.Overflow.SPAN), new Column(width - TYPE_COLUMN, 0, Column.Overflow.WRAP));
        for (MemoryType t : MemoryType.values()) {
          table.addRowValues(t.id(), t.purpose());
        }
        return table.toString();
      });
      return command;
    }
  }

  @Option(names = "--type", required = true, paramLabel = "TYPE",
      description = "user | feedback | project | reference (what each is for: below)")
  MemoryType type;

  @Option(names = "--scope", paramLabel = "SCOPE", description = "Which store: project (this project only) or user"
      + " (every project). Default: where a memory of that name lives, else user for the user type and project for"
      + " the others.")
  String scope;

  @Option(names = "--name", paramLabel = "NAME", description = "The memory's name (default: from the text).")
  String name;

  @Option(names = "--description", paramLabel = "TEXT",
      description = "One line saying when the memory is useful (default: the text's first line).")
  String description;

  @Option(names = "--source", paramLabel = "SOURCE", defaultValue = "user",
      description = "Who said it: user | model | tool | import | session (what a session's work established)"
          + " (default: ${DEFAULT-VALUE}).")
  MemorySource source;

  @Mixin JsonOption json;

  @Parameters(arity = "1..*", paramLabel = "TEXT", description = "The memory's text; '-' reads it from stdin.")
  List<String> text;

  /**
   * What {@code --json} prints: the memory's fields, whether it is new, the kinds of secret redacted, and notes for the
   * person (such as the model that would let recall read the memory's language).
   */
  record Remembered(@JsonUnwrapped MemoryJson memory, boolean created, List<String> redacted, List<String> notes) {}

  @Override
  public Integer call() throws IOException {
    String body = text.equals(List.of("-"))
        ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8) : String.join(" ", text);
    if (body.isBlank()) {
      throw new UserFacingException("nothing to remember: the text is empty");
    }
    Optional<MemoryScope> into = parseScope();
    // A name derived from the text must not carry a secret into a file name, nor a marker's words; a description
    // keeps the marker, so it still says that something was there ("the password is [REDACTED:password]").
    Redaction redacted = SecretRedactor.standard().redact(body);
    String n = name != null ? name : nameFrom(redacted.withoutMarkers());
    String d = description != null ? description : firstLine(redacted.text());
    Memory memory = Memory.builder(n, type).description(d).body(body.endsWith("\n") ? body : body + "\n")
        .source(source).build();
    ProjectMemory store = MemoryAccess.open(spec);
    Saved saved = into.isPresent() ? store.write(memory, into.get(), ChangedBy.CLI) : store.write(memory, ChangedBy.CLI);
    print(saved, ChineseModelNote.forMemory(body, GlobalOptions.of(spec)).stream().toList());
    return 0;
  }

  private Optional<MemoryScope> parseScope() {
    if (scope == null) {
      return Optional.empty();
    }
    return switch (scope.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "project" -> Optional.of(MemoryScope.PROJECT);
      case "user" -> Optional.of(MemoryScope.USER);
      default -> throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--scope must be project or user, not '" + scope + "'");
    };
  }

  private void print(Saved saved, List<String> notes) {
    PrintWriter out = spec.commandLine().getOut();
    List<String> redacted = saved.redacted().stream().map(SecretKind::label).toList();
    if (json.enabled()) {
      JsonOutput.print(out, new Remembered(MemoryJson.of(saved.stored()), saved.created(), redacted, notes));
      return;
    }
    out.printf("%s %s memory '%s' -> %s%n", saved.created() ? "saved" : "updated",
        saved.stored().memory().type().id(), saved.stored().name(), saved.stored().path());
    if (!redacted.isEmpty()) {
      out.println("redacted before writing: " + String.join(", ", redacted));
    }
    notes.forEach(n -> out.println("note: " + n));
    out.flush();
  }

  /** A short readable name from the text's words, in its own script (a URL or a path never glued into it). */
  static String nameFrom(String body) {
    String name = ReadableNames.of(body, 6);
    if (name.isEmpty()) {
      throw new UserFacingException("cannot derive a name from the text; give one with --name");
    }
    return name;
  }

  static String firstLine(String body) {
    String line = body.strip().lines().findFirst().orElse("").strip();
    return line.length() <= FIRST_LINE_CHARS ? line : line.substring(0, FIRST_LINE_CHARS - 3) + "...";
  }
}
