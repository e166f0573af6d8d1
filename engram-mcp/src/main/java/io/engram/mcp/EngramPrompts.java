package io.engram.mcp;

import io.engram.Engram;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecalledMemory;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Engram's MCP prompts, which clients offer as commands (Claude Code as {@code /mcp__engram__<name>}): {@code recall}
 * (what Engram remembers for the task at hand), {@code remember} (save this), {@code about} (what Engram knows about
 * a subject) and {@code compact} (compact the session now); and the completions of their arguments and of the
 * memory resource template: memory names, memory types, scopes.
 */
final class EngramPrompts {
  /** The most values one completion answers (MCP's limit). */
  private static final int MAX_COMPLETIONS = 100;

  private final Engram engram;

  EngramPrompts(Engram engram) {
    this.engram = engram;
  }

  List<McpStatelessServerFeatures.SyncPromptSpecification> prompts() {
    return List.of(
        prompt("recall", "Recall for the current task", "What Engram remembers that bears on the task at hand",
            List.of(argument("task", "What you are about to work on, in a sentence", true)), this::recall),
        prompt("remember", "Remember this", "Save something for later sessions as an Engram memory",
            List.of(argument("what", "What to remember: a preference, a correction, a fact about the project", true),
                argument("type", "user, feedback, project or reference (the model chooses when left out)", false)),
            this::remember),
        prompt("about", "What do you know about…", "Everything Engram remembers about a subject",
            List.of(argument("topic", "A subject, or a memory's name", true)), this::about),
        prompt("compact", "Compact now", "Compact this session now and continue from the summary",
            List.of(argument("instructions", "What the summary should keep in focus, as in /compact TEXT", false)),
            this::compact));
  }

  List<McpStatelessServerFeatures.SyncCompletionSpecification> completions() {
    return List.of(
        new McpStatelessServerFeatures.SyncCompletionSpecification(new McpSchema.PromptReference("about"),
            (context, request) -> complete(request, "topic", value -> memoryNames(value, Optional.empty()))),
        new McpStatelessServerFeatures.SyncCompletionSpecification(new McpSchema.PromptReference("remember"),
            (context, request) -> complete(request, "type", value -> Arrays.stream(MemoryType.values())
                .map(MemoryType::id).filter(t -> t.startsWith(value)))),
        new McpStatelessServerFeatures.SyncCompletionSpecification(
            new McpSchema.ResourceReference(MemoryResources.TEMPLATE), (context, request) -> {
              if ("scope".equals(request.argument().name())) {
                return complete(request, "scope", value -> Stream.of("user", engram.memory().location().projectKey())
                    .filter(s -> s.startsWith(value)));
              }
              Optional<String> scope = Optional.ofNullable(request.context())
                  .map(c -> c.arguments() == null ? null : c.arguments().get("scope"));
              return complete(request, "name", value -> memoryNames(value, scope));
            }));
  }

  private McpSchema.GetPromptResult recall(Map<String, Object> args) throws IOException {
    String task = required(args, "task");
    String found = recalled(task);
    return answer("What Engram remembers for: " + task, "I am about to work on this: " + task + "\n\n"
        + (found.isEmpty() ? "Engram remembers nothing that bears on it."
            : "Here is what Engram remembers that bears on it; follow what applies, and say so if a memory looks"
                + " outdated (the forget tool retires it):\n\n" + found));
  }

  private McpSchema.GetPromptResult remember(Map<String, Object> args) {
    String what = required(args, "what");
    Optional<MemoryType> type = optional(args, "type").map(t -> MemoryType.parse(t).orElseThrow(() ->
        invalid("argument 'type' must be one of " + MemoryType.choices())));
    return answer("Remember: " + what, "Remember this for later sessions: " + what + "\n\nSave it with the remember"
        + " tool: a short kebab-case name that says what it is about, a one-line description of when it is useful,"
        + " the body in Markdown with why it holds, and "
        + type.map(t -> "the type " + t.id() + ".").orElse("the type that fits: user (who I am, my preferences),"
            + " feedback (a correction or a way of working I asked for), project (the state, decisions and facts of"
            + " this project) or reference (a pointer to a dashboard, tracker or document).")
        + " If a memory on the same subject exists (the list and recall tools show them), update it under its"
        + " name instead of adding another.");
  }

  private McpSchema.GetPromptResult about(Map<String, Object> args) throws IOException {
    String topic = required(args, "topic");
    Optional<StoredMemory> named = engram.memory().read(topic);
    String found = named.map(m -> engram.present(m, m.memory().body())).orElseGet(() -> uncheckedRecalled(topic));
    return answer("What Engram knows about " + topic, "What do you know about " + topic + "?\n\n"
        + (found.isEmpty() ? "Engram remembers nothing about it. Say so, and offer to remember what I tell you."
            : "Here is what Engram remembers about it; tell me, in a few lines, and say which parts look"
                + " outdated:\n\n" + found));
  }

  private McpSchema.GetPromptResult compact(Map<String, Object> args) {
    Optional<String> instructions = optional(args, "instructions");
    return answer("Compact this session now", "Compact this session now: call the compact tool with the absolute"
        + " path of this session's transcript (.jsonl)" + instructions.map(i -> " and the instructions \"" + i + "\"")
            .orElse("") + ", with restart set to true, then continue the work from the text it answers: its summary,"
        + " the files to read again and the open todos.");
  }

  /** The memories recall finds for {@code query}, as the recall tool shows them; empty when none. */
  private String recalled(String query) throws IOException {
    MemoryRecall.Outcome found = engram.recall().recall(query, Optional.empty(),
        engram.settings().recall().filesPerTurn());
    StringBuilder text = new StringBuilder();
    for (RecalledMemory r : found.result().memories()) {
      Optional<StoredMemory> stored = engram.memory().read(r.name());
      if (stored.isPresent()) {
        text.append(engram.present(stored.get(), r.content())).append("\n\n");
      }
    }
    // The user asked for these through the prompt: they count as used.
    engram.recall().recordUse(found.result().memories().stream().map(RecalledMemory::name).toList());
    return RedactedValues.text(text.toString().strip());
  }

  private String uncheckedRecalled(String query) {
    try {
      return recalled(query);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Memory names that start with {@code value} (then those that contain it), of {@code scope} when given. */
  private Stream<String> memoryNames(String value, Optional<String> scope) {
    String v = value.toLowerCase(Locale.ROOT);
    try {
      List<String> names = engram.memory().list().memories().stream()
          .filter(m -> scope.isEmpty() || scope.get().equals(m.scope() == MemoryScope.USER ? "user"
              : engram.memory().location().projectKey()))
          .map(StoredMemory::name).toList();
      return Stream.concat(names.stream().filter(n -> n.toLowerCase(Locale.ROOT).startsWith(v)),
          names.stream().filter(n -> !n.toLowerCase(Locale.ROOT).startsWith(v) && n.toLowerCase(Locale.ROOT)
              .contains(v)));
    } catch (IOException e) {
      return Stream.empty(); // no completion rather than an error: the client goes on with what was typed
    }
  }

  private static McpSchema.CompleteResult complete(McpSchema.CompleteRequest request, String argument,
      java.util.function.Function<String, Stream<String>> values) {
    if (!argument.equals(request.argument().name())) {
      return new McpSchema.CompleteResult(new McpSchema.CompleteResult.CompleteCompletion(List.of(), 0, false));
    }
    List<String> all = values.apply(Optional.ofNullable(request.argument().value()).orElse("")).distinct().toList();
    List<String> shown = all.stream().limit(MAX_COMPLETIONS).toList();
    return new McpSchema.CompleteResult(new McpSchema.CompleteResult.CompleteCompletion(shown, all.size(),
        all.size() > shown.size()));
  }

  /** A prompt's handler: its arguments in, its messages out; a bad argument is an McpError (-32602). */
  @FunctionalInterface
  private interface Handler {
    McpSchema.GetPromptResult get(Map<String, Object> arguments) throws IOException;
  }

  private static McpStatelessServerFeatures.SyncPromptSpecification prompt(String name, String title,
      String description, List<McpSchema.PromptArgument> arguments, Handler handler) {
    return new McpStatelessServerFeatures.SyncPromptSpecification(
        new McpSchema.Prompt(name, title, description, arguments), (context, request) -> {
          try {
            return handler.get(request.arguments() == null ? Map.of() : request.arguments());
          } catch (IOException | UncheckedIOException e) {
            throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message("prompt " + name + ": "
                + RedactedValues.text(String.valueOf(e.getMessage()))).build();
          }
        });
  }

  private static McpSchema.PromptArgument argument(String name, String description, boolean required) {
    return new McpSchema.PromptArgument(name, description, required);
  }

  private static McpSchema.GetPromptResult answer(String description, String text) {
    return new McpSchema.GetPromptResult(description, List.of(new McpSchema.PromptMessage(McpSchema.Role.USER,
        new McpSchema.TextContent(text))));
  }

  private static String required(Map<String, Object> args, String name) {
    return optional(args, name).orElseThrow(() -> invalid("argument '" + name + "' is required"));
  }

  private static Optional<String> optional(Map<String, Object> args, String name) {
    Object v = args.get(name);
    return v == null || String.valueOf(v).isBlank() ? Optional.empty() : Optional.of(String.valueOf(v).strip());
  }

  private static McpError invalid(String message) {
    return McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS).message(message).build();
  }
}
