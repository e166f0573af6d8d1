package io.engram.transcript;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The calls the Cursor extension's first SpecStory versions wrote without a tag, each a part of its own between
 * {@code ---} lines: a shell block and its output, a diff, a {@code Read file:} line, a {@code <details>} search,
 * listing or MCP call, and the notices a call left ("Cancelled" after it; "Model provided invalid arguments to
 * terminal tool.", "Could not find file ..." for one that failed before it ran, which later versions still write).
 * They are Cursor's tools, read in Cursor's vocabulary.
 */
final class SpecStoryUntagged {
  // What the Cursor extension's first versions wrote for a call without a tag.
  private static final Pattern READ_FILE = Pattern.compile("^Read file: (.+)$");
  private static final Pattern MISSING_FILE =
      Pattern.compile("^Could not find file '?(.+?)'?(?: in the workspace)?\\.?$");
  private static final Pattern REFUSED = Pattern.compile("^Model provided invalid arguments (?:to|for) (.+?) tool.*$");
  private static final Pattern MCP_CALLED = Pattern.compile("\\*Called tool\\*: (?:.+? - )?([\\w.-]+):");

  private SpecStoryUntagged() {}

  /**
   * A part that is one of Cursor's calls without a name: a failed call's notice, and, in a Cursor file of the first
   * versions ({@code unnamedCalls}), a shell block with its output, a diff, a {@code Read file:} line or a {@code
   * <details>} search; else empty.
   */
  static Optional<SpecStoryTool.Call> bare(List<SpecStoryPiece> part, boolean unnamedCalls) {
    CodingAgent agent = CodingAgent.CURSOR; // only Cursor's calls were ever written so
    List<SpecStoryPiece> pieces = part.stream().filter(p -> !p.blank()).toList();
    if (pieces.isEmpty()) {
      return Optional.empty();
    }
    SpecStoryPiece first = pieces.get(0);
    int line = first.line();
    boolean fences = pieces.stream().allMatch(p -> p.kind() == SpecStoryPiece.Kind.FENCE);
    String language = SpecStoryMarkdown.fenceLanguage(first.lines().get(0));
    if (!unnamedCalls) {
      return failure(pieces, agent);
    }
    if (fences && pieces.size() <= 2 && SpecStoryTool.SHELLS.contains(language)) {
      return Optional.of(SpecStoryTool.read("run_terminal_cmd", "", lines(pieces), line, agent));
    }
    if (fences && language.equals("diff")) {
      return Optional.of(SpecStoryTool.read("edit_file", "", lines(pieces), line, agent));
    }
    if (pieces.size() == 1 && first.kind() == SpecStoryPiece.Kind.DETAILS) {
      return details(first, agent);
    }
    Matcher read = READ_FILE.matcher(first.lines().get(0).strip());
    if (pieces.size() == 1 && first.kind() == SpecStoryPiece.Kind.TEXT && read.matches()) {
      return Optional.of(SpecStoryTool.read("read_file", "Read file: " + read.group(1), List.of(), line, agent));
    }
    return failure(pieces, agent);
  }

  // The notice SpecStory writes where a call failed before it ran: the call, with the notice as its error.
  private static Optional<SpecStoryTool.Call> failure(List<SpecStoryPiece> pieces, CodingAgent agent) {
    if (pieces.size() != 1 || pieces.get(0).kind() != SpecStoryPiece.Kind.TEXT) {
      return Optional.empty();
    }
    int line = pieces.get(0).line();
    String said = pieces.get(0).lines().get(0).strip();
    Matcher missing = MISSING_FILE.matcher(said);
    if (missing.matches()) {
      return Optional.of(SpecStoryTool.read("read_file", "Read file: " + missing.group(1), List.of(), line, agent)
          .failed(said));
    }
    Matcher refused = REFUSED.matcher(said);
    if (refused.matches()) {
      String tool = switch (refused.group(1)) {
        case "terminal" -> "run_terminal_cmd";
        case "read file" -> "read_file";
        case "grep" -> "grep_search";
        case "edit file" -> "edit_file";
        default -> refused.group(1).replace(' ', '_');
      };
      return Optional.of(SpecStoryTool.read(tool, "", List.of(), line, agent).failed(said));
    }
    return Optional.empty();
  }

  /** The notice a part gives that the call before it was stopped ("Cancelled"), else empty. */
  static Optional<String> cancellation(List<SpecStoryPiece> part) {
    List<SpecStoryPiece> pieces = part.stream().filter(p -> !p.blank()).toList();
    return pieces.size() == 1 && pieces.get(0).kind() == SpecStoryPiece.Kind.TEXT
        && pieces.get(0).lines().get(0).strip().equals("Cancelled") ? Optional.of("Cancelled") : Optional.empty();
  }

  // A <details> part of the first versions: a search, a listing or an MCP call, told by its summary.
  private static Optional<SpecStoryTool.Call> details(SpecStoryPiece piece, CodingAgent agent) {
    Matcher found = SpecStoryTool.SUMMARY.matcher(
        piece.lines().stream().filter(l -> l.contains("<summary>")).findFirst().orElse(""));
    String summary = found.find() ? found.group(1).strip() : "";
    String body = String.join("\n", piece.lines());
    String name;
    if (summary.startsWith("Searched codebase")) {
      name = "codebase_search";
    } else if (summary.startsWith("Grep")) {
      name = "grep_search";
    } else if (summary.startsWith("Listed ")) {
      name = "list_dir";
      summary = summary.startsWith("Listed current directory") ? "Listed directory ." : summary;
    } else if (summary.startsWith("Searched web")) {
      name = "web_search";
    } else if (summary.startsWith("Searched files")) {
      name = "file_search";
    } else if (summary.startsWith("MCP tool call")) {
      Matcher called = MCP_CALLED.matcher(body);
      name = called.find() ? called.group(1) : "mcp";
    } else {
      return Optional.empty();
    }
    return Optional.of(SpecStoryTool.summarised(name, summary, piece.lines(), piece.line(), agent));
  }

  private static List<String> lines(List<SpecStoryPiece> pieces) {
    return SpecStoryPiece.text(pieces).lines().toList();
  }
}
