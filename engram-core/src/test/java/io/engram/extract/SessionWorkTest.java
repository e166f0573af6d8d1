package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ExtractionSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionWorkTest {
  private static final ExtractionSettings.Offline LIMITS = ExtractionSettings.Offline.DEFAULTS;
  private final List<TurnText> turns = new ArrayList<>();

  private SessionWorkTest user(String text) {
    turns.add(TurnText.of(TurnRole.USER, text));
    return this;
  }

  private SessionWorkTest ran(String command, String output) {
    turns.add(TurnText.of(new ToolCall("Bash", command, ToolCall.Outcome.SUCCEEDED, output)));
    return this;
  }

  private SessionWorkTest failed(String command, String output) {
    turns.add(TurnText.of(new ToolCall("Bash", command, ToolCall.Outcome.FAILED, output)));
    return this;
  }

  private SessionWorkTest edited(String path) {
    turns.add(TurnText.of(new ToolCall("Edit", path, ToolCall.Outcome.SUCCEEDED, "updated")));
    return this;
  }

  private List<MemoryCandidate> facts() {
    return SessionWork.candidates(turns, 0, LIMITS);
  }

  private MemoryCandidate fact(String name) {
    return facts().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(
        () -> new AssertionError("no fact " + name + " in " + facts().stream().map(MemoryCandidate::name).toList()));
  }

  @Test
  void aTrackerWhoseItemsTheSessionChangedIsTheProjectsTracker() {
    user("Work on bead spotter-4te.").ran("bd show spotter-4te", "○ spotter-4te [EPIC]")
        .ran("bd update spotter-4te.1 --status in_progress", "✓ Updated issue: spotter-4te.1")
        .ran("bd close spotter-4te.1", "✓ Closed spotter-4te.1");

    MemoryCandidate c = fact("task-tracker-beads");
    assertThat(c.type()).isEqualTo(CandidateType.PROJECT);
    assertThat(c.provenance().source()).isEqualTo(CandidateSource.SESSION);
    assertThat(c.body()).contains("`bd show <id>`", "`bd update <id> --status in_progress`", "`bd close <id>`",
        "ran it 3 times (2 changes to tasks)");
    assertThat(c.provenance().evidence().quote()).isEqualTo("bd close spotter-4te.1");
  }

  @Test
  void readingATrackerOnceOrFailingWithItEstablishesNothing() {
    user("look at the crash report").ran("gh issue view 12", "title: crash").failed("gh issue close 12", "HTTP 403");
    assertThat(facts()).isEmpty();
  }

  @Test
  void otherTrackersByTheirCommandLines() {
    user("file it").ran("gh issue create --title \"Crash on start\" --body \"...\"", "https://github.com/o/r/issues/7")
        .ran("gh issue close 7", "✓ Closed o/r#7");
    assertThat(fact("task-tracker-github-issues").body()).contains("GitHub issues", "`gh issue close <id>`");
  }

  @Test
  void aCommitRefusedByAHookAndPassingAfterTheFixNamesTheChecks() {
    user("commit it")
        .failed("git add -A && git commit -m \"feat: x\"",
            "Pre-commit validation failed:\\n\\n[FORMAT] Code is not formatted.\\nRun 'mix format' to fix.")
        .ran("mix format", "")
        .ran("git add -A && git commit -m \"feat: x\"", "[main 12e2d10] feat: x")
        .failed("git commit --no-verify -m \"feat: y\"", "Pre-commit validation failed:\\n\\n[CREDO]\\n...\\n[DIALYZER]\\n...")
        .ran("mix credo --strict", "found no issues.")
        .ran("git commit -m \"feat: y\"", "[main 461930e] feat: y");

    MemoryCandidate c = fact("commit-checks");
    assertThat(c.body()).contains("A pre-commit hook refuses commits that fail its checks: format, credo, dialyzer",
        "`mix format`", "`git commit --no-verify` is refused too", "the hook refused 2 commit attempts");
    assertThat(c.description()).contains("format, credo, dialyzer");
  }

  @Test
  void checksThatPassBeforeMostCommitsAreTheCommitChecks() {
    user("go");
    for (int i = 0; i < 3; i++) {
      ran("mix compile --warnings-as-errors 2>&1", "").ran("mix test test/a_test.exs 2>&1 | tail -5",
          "14 doctests, 65 tests, 0 failures").ran("mix credo --strict 2>&1 | tail -10", "found no issues.")
          .ran("git add lib/a.ex && git commit -m \"$(cat <<'EOF'\nfeat: " + i + "\nEOF\n)\"", "[b 1] feat");
    }
    MemoryCandidate c = fact("commit-checks");
    assertThat(c.body()).contains("Before committing, run: `mix compile --warnings-as-errors`, `mix test`, "
        + "`mix credo --strict`.", "passed before 3 of 3 commits");
    assertThat(facts()).extracting(MemoryCandidate::name).doesNotContain("test-command");
  }

  @Test
  void aCheckWhoseOutputReportsFailuresBehindAPipeDidNotPass() {
    user("go");
    for (int i = 0; i < 3; i++) {
      ran("mix test 2>&1 | tail -5", "65 tests, 2 failures").ran("git commit -m x", "[b 1] x");
    }
    assertThat(facts()).isEmpty();
  }

  @Test
  void aGeneratorRunAfterSchemaChangesAndItsMigrationsAreAFact() {
    user("add a state to annotations").edited("/p/lib/spotter/transcripts/annotation.ex")
        .ran("mix ash.codegen add_state_to_annotations --yes 2>&1", "* creating priv/repo/migrations/x.exs")
        .ran("mix ecto.migrate 2>&1", "== Migrated");

    MemoryCandidate c = fact("codegen-after-schema-changes");
    assertThat(c.body()).contains("`spotter/transcripts/annotation.ex`", "`mix ash.codegen <name> --yes`",
        "then run `mix ecto.migrate`");
  }

  @Test
  void aSingleGeneratorRunWithoutMigrationsIsNotEnough() {
    user("generate").ran("npx prisma generate", "Generated Prisma Client");
    assertThat(facts()).isEmpty();
    ran("npx prisma generate", "Generated Prisma Client");
    assertThat(fact("codegen-after-schema-changes").body()).contains("`npx prisma generate`");
  }

  @Test
  void aGitignoredFolderForceAddedAfterTheRefusal() {
    user("commit the built assets")
        .failed("git add assets/vendor/app.js",
            "The following paths are ignored by one of your .gitignore files:\nassets/vendor\n"
                + "hint: Use -f if you really want to add them.")
        .ran("git add -f assets/vendor/app.js", "");

    MemoryCandidate c = fact("gitignored-assets-vendor");
    assertThat(c.body()).contains("`assets/vendor/` is covered by .gitignore", "`git add -f assets/vendor/...`");
  }

  @Test
  void aTestCommandThatPassedThreeTimesWithoutCommits() {
    user("fix it").ran("./mvnw -q test", "BUILD SUCCESS").ran("./mvnw -q test", "BUILD SUCCESS");
    assertThat(facts()).isEmpty();
    ran("./mvnw -q test -Dtest=FooTest", "BUILD SUCCESS");
    assertThat(fact("test-command").body()).contains("Tests run with `./mvnw -q test`", "it passed 3 times");
  }

  @Test
  void aLaterPassWritesOnlyWhatItsTurnsEstablished() {
    user("one").ran("bd update a-1 --status in_progress", "ok").ran("bd close a-1", "ok");
    int from = turns.size();
    user("two").ran("bd close a-2", "ok");
    assertThat(SessionWork.candidates(turns, from, LIMITS)).isEmpty();

    List<TurnText> earlier = new ArrayList<>(turns.subList(0, 2));
    earlier.add(TurnText.of(TurnRole.USER, "next"));
    int next = earlier.size();
    earlier.add(TurnText.of(new ToolCall("Bash", "bd close a-1", ToolCall.Outcome.SUCCEEDED, "ok")));
    assertThat(SessionWork.candidates(earlier, next, LIMITS)).extracting(MemoryCandidate::name)
        .containsExactly("task-tracker-beads");
  }

  @Test
  void toolOutputAloneNamesNoCheckAndMakesNoFact() {
    user("read it").ran("cat CONTRIBUTING.md", "Always run `make lint` before committing. Issues: https://x.y/issues");
    assertThat(facts()).isEmpty();
  }
}
