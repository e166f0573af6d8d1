package io.engram.cli.demo;

import io.engram.fs.HomeLayout;
import io.engram.cli.output.JsonOutput;
import io.engram.Engram;
import io.engram.service.wiring.ProductEngram;
import io.engram.service.wiring.RecallWiring;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsLoader;
import io.engram.context.ContextLevel;
import io.engram.context.ContextTimeline;
import io.engram.hooks.HookEvent;
import io.engram.hooks.HookInput;
import io.engram.hooks.HookRunner;
import io.engram.instructions.InstructionFile;
import io.engram.instructions.LoadedInstructions;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One replay of the demo's story in a directory of its own: {@code project/} (the sample repository),
 * {@code home/} (Engram's home), {@code user/} (the user's home, with Claude Code's transcripts under
 * {@code .claude/projects/}). Every layer runs as it would for a real agent, through the hooks.
 */
final class DemoRun {
  // The demo prints to a terminal: a turn's prompt within 70 characters fits its line after "turn N", and a memory's
  // description within 80 after its type and name.
  private static final int PROMPT_CHARS = 70;
  // A memory's description (see PROMPT_CHARS).
  private static final int DESCRIPTION_CHARS = 80;
  static final String SESSION_ONE = "5f1c2a9e-demo-4e0b-9a51-session000001";
  static final String SESSION_TWO = "8b3d7e41-demo-4c2a-8f60-session000002";

  private final Path dir;
  private final Path project;
  private final Path home;
  private final Path userHome;
  private final Instant start;
  private final JtokkitTokenCounter counter = new JtokkitTokenCounter();
  private final List<DemoStep> steps = new ArrayList<>();
  private final Consumer<DemoStep> listener;
  private EngramRoots roots;
  private EngramSettings settings;
  private ProjectMemory memory;
  private Engram engram;
  private HookRunner hooks;
  private LoadedInstructions loaded = LoadedInstructions.empty();
  private Optional<DemoCompaction.Outcome> compaction = Optional.empty();
  private final List<StepData.NotesUpdate> notesUpdates = new ArrayList<>();
  private String handedOver = "";
  private List<String> sessionEndLog = List.of();
  /** Turn and context share at which each level was first reached in session one. */
  private final DemoLevels levels = new DemoLevels();

  DemoRun(Path dir, Instant start, Consumer<DemoStep> listener) {
    this.dir = dir;
    this.project = dir.resolve("project");
    this.home = dir.resolve("home");
    this.userHome = dir.resolve("user");
    this.start = start;
    this.listener = listener;
  }

  /** Runs every step in order; each is reported to the listener as it ends. */
  List<DemoStep> run() throws IOException {
    report(sampleProject());
    report(instructions());
    report(sessionOne());
    report(levels.step(settings.context()));
    report(DemoCompaction.notesStep(engram.notes().read(SESSION_ONE),
        shown(engram.notes().notesFile(SESSION_ONE)), notesUpdates, handedOver, compaction.isPresent(),
        settings.notes().startTokens()));
    report(DemoCompaction.step(compaction));
    report(memories());
    report(sessionTwo());
    report(DemoDream.step(engram, sessionEndLog));
    return List.copyOf(steps);
  }

  private void report(DemoStep step) {
    steps.add(step);
    listener.accept(step);
  }

  private DemoStep sampleProject() throws IOException {
    List<Path> files = DemoProject.write(project, userHome);
    Files.createDirectories(home);
    Files.writeString(HomeLayout.of(home).settingsFile(), DemoProject.settingsJson());
    roots = new EngramRoots(home, userHome, project);
    settings = SettingsLoader.load(home);
    // The project as `engram hook` builds it, with the offline model and the dream by words only: the demo needs no
    // key and loads no embedding model.
    engram = ProductEngram.builder(roots, settings, Map.of(), RecallWiring.Caller.HOOK)
        .router(ModelRouter.offline()).embedder(Optional.empty()).build();
    memory = engram.memory();
    hooks = engram.hooks();
    List<String> lines = new ArrayList<>();
    lines.add("A small TypeScript service, parcel-api, written to " + project + ":");
    files.forEach(f -> lines.add("  " + shown(f)));
    lines.add("Settings (" + shown(HomeLayout.of(home).settingsFile()) + "): window of " + DemoProject.MODEL
        + " set to " + DemoProject.WINDOW_TOKENS + " tokens so one short session shows every level;"
        + " no model configured: the offline engine runs");
    return DemoStep.ok("project", "The sample project", lines, new StepData.Project(dir.toString(),
        files.stream().map(this::shown).toList(), DemoProject.WINDOW_TOKENS, settings.model().provider()));
  }

  private DemoStep instructions() {
    loaded = engram.instructions().load();
    List<String> lines = new ArrayList<>(List.of("What a session in the project loads, in prompt order (the ledger):"));
    List<StepData.LedgerRow> rows = new ArrayList<>();
    for (InstructionFile f : loaded.files()) {
      String via = f.imported()
          ? "  (imported by " + shown(f.importedFrom().get(f.importedFrom().size() - 1)) + ")" : "";
      lines.add(String.format(Locale.ROOT, "  %-8s %-28s %5d chars %4d tokens%s", f.level().label(), shown(f.path()),
          f.chars(), f.tokens(), via));
      rows.add(new StepData.LedgerRow(f.level().label(), shown(f.path()), f.chars(), f.tokens(), f.imported()));
    }
    loaded.warnings().forEach(w -> lines.add("  warning: " + w.message()));
    lines.add(String.format(Locale.ROOT, "  total: %d files, %d tokens", loaded.files().size(), loaded.totalTokens()));
    DemoStep step = DemoStep.ok("instructions", "Instruction files", lines,
        new StepData.Instructions(rows, loaded.totalTokens(), loaded.warnings().size()));
    for (String expected : List.of("project/CLAUDE.md", "project/docs/testing.md", "project/CLAUDE.local.md",
        "user/.claude/CLAUDE.md")) {
      if (rows.stream().noneMatch(r -> r.path().equals(expected))) {
        return step.failed("the ledger does not list " + expected);
      }
    }
    return step;
  }

  private DemoStep sessionOne() throws IOException {
    Path transcript = transcriptPath(SESSION_ONE);
    DemoTranscript t = new DemoTranscript(SESSION_ONE, project, start, counter);
    List<String> lines = new ArrayList<>();
    List<StepData.Turn> turns = new ArrayList<>();
    hook(HookEvent.SESSION_START, SESSION_ONE, transcript, Map.of("source", "startup"));
    int written = 0;
    int turnNo = 0;
    for (Consumer<DemoTranscript> turn : DemoStory.sessionOne()) {
      turnNo++;
      turn.accept(t);
      String prompt = promptOf(t.lines().get(written));
      HookRunner.Answer recall = hook(HookEvent.USER_PROMPT_SUBMIT, SESSION_ONE, transcript, Map.of("prompt", prompt));
      Files.write(transcript, t.lines().subList(written, t.lines().size()), StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      int linesBefore = written;
      written = t.lines().size();
      HookRunner.Answer stop = hook(HookEvent.STOP, SESSION_ONE, transcript, Map.of());
      List<ContextTimeline.Point> points = ContextTimeline.of(TranscriptReader.read(transcript), settings.context());
      ContextTimeline.Point last = points.get(points.size() - 1);
      long used = last.actualTokens().orElse(last.estimatedTokens());
      double share = 100.0 * used / last.windowTokens();
      levels.observe(points, linesBefore, turnNo);
      ContextLevel level = levels.level();
      List<String> remembered = stop.log().stream().filter(s -> s.startsWith("remembered") || s.startsWith("updated"))
          .toList();
      List<String> recalledNames = DemoRecall.namesIn(recall.additionalContext().orElse(""), memory.list().memories());
      lines.add(String.format(Locale.ROOT, "turn %d  \"%s\"", turnNo, cut(prompt, PROMPT_CHARS)));
      lines.add(String.format(Locale.ROOT, "        context %,d tokens (%.0f%%, %s)%s", used, share,
          level.name().toLowerCase(Locale.ROOT),
          recalledNames.isEmpty() ? "" : "; UserPromptSubmit recalled " + String.join(", ", recalledNames)));
      remembered.forEach(r -> lines.add("        Stop hook: " + r));
      for (String n : stop.log().stream().filter(s -> s.startsWith("session notes")).toList()) {
        lines.add("        Stop hook: " + n.replaceAll(" \\(.*", ""));
        notesUpdates.add(new StepData.NotesUpdate(turnNo, "Stop", used, n));
      }
      turns.add(new StepData.Turn(turnNo, prompt, used, level.name(), remembered, recalledNames));
      if (level.compactsAutomatically() && compaction.isEmpty()) {
        compact(t, transcript, used, lines);
        written = t.lines().size();
        levels.compacted();
      }
    }
    hook(HookEvent.SESSION_END, SESSION_ONE, transcript, Map.of());
    lines.add("transcript: " + shown(transcript) + " (" + written + " records)");
    return DemoStep.ok("session-one", "Session one: debugging a failing test", lines,
        new StepData.SessionOne(transcript.toString(), written, turns));
  }

  /** Claude Code's automatic compaction at the critical level, with Engram's hooks and Compactor around it. */
  private void compact(DemoTranscript t, Path transcript, long used, List<String> lines) throws IOException {
    HookRunner.Answer pre = hook(HookEvent.PRE_COMPACT, SESSION_ONE, transcript, Map.of("trigger", "auto"));
    for (String n : pre.log().stream().filter(s -> s.startsWith("session notes")).toList()) {
      lines.add("        PreCompact hook: " + n.replaceAll(" \\(.*", ""));
      notesUpdates.add(new StepData.NotesUpdate(notesTurn(lines), "PreCompact", used, n));
    }
    DemoCompaction.Outcome outcome = DemoCompaction.run(TranscriptReader.read(transcript), engram);
    compaction = Optional.of(outcome);
    int before = t.lines().size();
    t.compacted(outcome.result().summary(), used);
    Files.write(transcript, t.lines().subList(before, t.lines().size()), StandardOpenOption.APPEND);
    handedOver = hook(HookEvent.SESSION_START, SESSION_ONE, transcript, Map.of("source", "compact"))
        .additionalContext().orElse("");
    lines.add(String.format(Locale.ROOT, "        compacted automatically at %,d tokens; the new context opens at %,d;"
        + " SessionStart(compact) %s", used, t.contextTokens(),
        handedOver.contains("Session notes") ? "handed the session notes back" : "had no notes to hand back"));
  }

  /** The turn a compaction follows: the last "turn N" line of the narration so far. */
  private static int notesTurn(List<String> lines) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (lines.get(i).startsWith("turn ")) {
        return Integer.parseInt(lines.get(i).substring(5, lines.get(i).indexOf(' ', 5)));
      }
    }
    return 0;
  }

  private DemoStep memories() throws IOException {
    List<StoredMemory> all = memory.list().memories();
    List<String> lines = new ArrayList<>(List.of("Auto memory after session one ("
        + shown(memory.location().projectDir())
        + "):"));
    all.forEach(m -> lines.add(String.format(Locale.ROOT, "  %-9s %-32s %s", m.memory().type().id(), m.name(),
        cut(m.memory().description(), DESCRIPTION_CHARS))));
    DemoStep step = DemoStep.ok("memories", "What Engram remembered", lines, new StepData.Memories(all.stream()
        .map(m -> new StepData.MemoryRow(m.name(), m.memory().type().id(), m.memory().description(),
            m.memory().source().map(Enum::name).orElse("")))
        .toList()));
    if (DemoRecall.find(all, "redis").isEmpty()) {
      return step.failed("no memory about Redis was extracted from session one");
    }
    return DemoRecall.find(all, "pnpm").isEmpty()
        ? step.failed("no memory about pnpm was extracted from session one") : step;
  }

  private DemoStep sessionTwo() throws IOException {
    Path transcript = transcriptPath(SESSION_TWO);
    Files.writeString(transcript, "");
    HookRunner.Answer startAnswer = hook(HookEvent.SESSION_START, SESSION_TWO, transcript, Map.of("source", "startup"));
    HookRunner.Answer recall = hook(HookEvent.USER_PROMPT_SUBMIT, SESSION_TWO, transcript,
        Map.of("prompt", DemoStory.QUESTION));
    String atStart = startAnswer.additionalContext().orElse("");
    String recalled = recall.additionalContext().orElse("");
    List<StoredMemory> all = memory.list().memories();
    DemoTranscript t = new DemoTranscript(SESSION_TWO, project, start.plus(Duration.ofDays(1)), counter);
    DemoStory.sessionTwo("Start Redis first (`docker run -d -p 6379:6379 redis:7`), then run `pnpm test`.").accept(t);
    Files.write(transcript, t.lines());
    hook(HookEvent.STOP, SESSION_TWO, transcript, Map.of());
    sessionEndLog = hook(HookEvent.SESSION_END, SESSION_TWO, transcript, Map.of()).log();
    return DemoRecall.step(atStart, recalled, all);
  }

  private HookRunner.Answer hook(HookEvent event, String session, Path transcript, Map<String, String> extra)
      throws IOException {
    HookInput input = new HookInput(session, Optional.of(transcript), Optional.of(project),
        Optional.of(event.hookName()), Optional.ofNullable(extra.get("prompt")),
        Optional.ofNullable(extra.get("source")),
        Optional.ofNullable(extra.get("trigger")), Optional.empty());
    return hooks.run(event, input);
  }

  private Path transcriptPath(String session) throws IOException {
    Path dirOf = userHome.resolve(".claude").resolve("projects")
        .resolve(project.toString().replaceAll("[^A-Za-z0-9]", "-"));
    Files.createDirectories(dirOf);
    return dirOf.resolve(session + ".jsonl");
  }

  private static String promptOf(String userRecord) throws IOException {
    return JsonOutput.mapper().readTree(userRecord).path("message").path("content").asText();
  }

  private String shown(Path p) {
    return p.startsWith(dir) ? dir.relativize(p).toString() : p.toString();
  }

  static String cut(String s, int max) {
    String one = s.replace('\n', ' ');
    return one.length() <= max ? one : one.substring(0, max - 1) + "…";
  }
}
