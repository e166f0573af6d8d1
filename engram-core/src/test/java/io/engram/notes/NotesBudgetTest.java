package io.engram.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.NotesSettings;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class NotesBudgetTest {
  /** One token per whitespace-separated word: makes the arithmetic of the tests exact. */
  private static final TokenCounter WORDS = t -> t.isBlank() ? 0 : t.strip().split("\\s+").length;

  private static String lines(String prefix, int n, int wordsPerLine) {
    return IntStream.range(0, n)
        .mapToObj(i -> prefix + i + " " + "w ".repeat(wordsPerLine - 1).strip())
        .collect(Collectors.joining("\n"));
  }

  @Test
  void notesWithinTheCapsAreUnchanged() {
    NotesBudget b = new NotesBudget(NotesSettings.DEFAULTS, new JtokkitTokenCounter());
    SessionNotes n = new SessionNotes("short", "a.java", "none", List.of("did a thing"));
    assertThat(b.fit(n)).isSameAs(n);
  }

  @Test
  void longSectionKeepsItsLeadingWholeLinesAndSaysWhatWasCut() {
    NotesBudget b = new NotesBudget(caps(50, 1_000), WORDS);
    SessionNotes n = SessionNotes.EMPTY.with(NotesSection.FILES_AND_FUNCTIONS, lines("file", 20, 10));
    SessionNotes fit = b.fit(n);
    String text = fit.filesAndFunctions();
    assertThat(b.tokens(fit, NotesSection.FILES_AND_FUNCTIONS)).isLessThanOrEqualTo(50);
    assertThat(text).startsWith("file0 ").contains("file2 ").doesNotContain("file5 ");
    assertThat(text.lines().filter(l -> l.startsWith("file"))).allMatch(l -> l.split(" ").length == 10);
    assertThat(text).endsWith("[… 16 more lines trimmed to fit the notes budget]");
  }

  @Test
  void worklogLosesItsOldestEntriesFirst() {
    NotesBudget b = new NotesBudget(caps(30, 1_000), WORDS);
    List<String> entries = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      entries.add("step" + i + " did four words");
    }
    SessionNotes fit = b.fit(SessionNotes.EMPTY.withWorklog(entries));
    assertThat(fit.worklog()).last().isEqualTo("step9 did four words");
    assertThat(fit.worklog()).first().isNotEqualTo("step0 did four words");
    assertThat(b.tokens(fit, NotesSection.WORKLOG)).isLessThanOrEqualTo(30);
    assertThat(fit.worklog()).hasSize(6); // 5 word-tokens per rendered entry
  }

  @Test
  void wholeCapDropsWorklogBeforeShorteningOtherSections() {
    NotesBudget b = new NotesBudget(caps(100, 120), WORDS);
    SessionNotes n =
        new SessionNotes(
            lines("state", 5, 10), lines("file", 5, 10), "", List.of("old entry here", "newer entry here", "newest entry"));
    SessionNotes fit = b.fit(n);
    assertThat(b.tokens(fit)).isLessThanOrEqualTo(120);
    assertThat(fit.currentState()).isEqualTo(n.currentState());
    assertThat(fit.filesAndFunctions()).isEqualTo(n.filesAndFunctions());
    assertThat(fit.worklog()).endsWith("newest entry").doesNotContain("old entry here");
  }

  @Test
  void wholeCapShortensTheLargestSectionWhenTheWorklogIsGone() {
    NotesBudget b = new NotesBudget(caps(100, 120), WORDS);
    SessionNotes n = new SessionNotes(lines("s", 9, 10), lines("f", 3, 10), lines("e", 2, 10), List.of("x"));
    SessionNotes fit = b.fit(n);
    assertThat(b.tokens(n)).isGreaterThan(120);
    assertThat(b.tokens(fit)).isLessThanOrEqualTo(120);
    assertThat(fit.worklog()).isEmpty();
    assertThat(fit.errorsAndCorrections()).isEqualTo(n.errorsAndCorrections());
    assertThat(fit.currentState()).contains("more lines trimmed");
  }

  @Test
  void aSingleLineLongerThanTheCapIsCutInsideTheLine() {
    NotesBudget b = new NotesBudget(caps(40, 1_000), WORDS);
    SessionNotes fit = b.fit(SessionNotes.EMPTY.with(NotesSection.CURRENT_STATE, "w ".repeat(500)));
    assertThat(b.tokens(fit, NotesSection.CURRENT_STATE)).isLessThanOrEqualTo(40).isGreaterThan(20);
    assertThat(fit.currentState()).contains("…");
  }

  @Test
  void defaultCapsHoldWithTheRealTokenizer() {
    NotesBudget b = new NotesBudget(NotesSettings.DEFAULTS, new JtokkitTokenCounter());
    List<String> entries = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      entries.add("Step " + i + ": edited src/main/java/io/engram/Thing" + i + ".java and ran the tests");
    }
    String big = lines("com.example.Service#method", 800, 12);
    SessionNotes fit = b.fit(new SessionNotes(big, big, big, entries));
    assertThat(b.tokens(fit)).isLessThanOrEqualTo(12_000);
    for (NotesSection s : NotesSection.values()) {
      assertThat(b.tokens(fit, s)).as(s.name()).isLessThanOrEqualTo(2_000);
    }
    assertThat(fit.worklog()).last().asString().startsWith("Step 1999:");
  }

  @Property(tries = 100)
  void fitAlwaysRespectsBothCaps(
      @ForAll @IntRange(min = 0, max = 40) int stateLines,
      @ForAll @IntRange(min = 0, max = 60) int entries,
      @ForAll @IntRange(min = 5, max = 80) int sectionCap,
      @ForAll @IntRange(min = 20, max = 300) int totalCap) {
    NotesBudget b = new NotesBudget(caps(sectionCap, totalCap), WORDS);
    List<String> log = new ArrayList<>();
    for (int i = 0; i < entries; i++) {
      log.add("entry " + i + " with some words");
    }
    SessionNotes fit = b.fit(new SessionNotes(lines("s", stateLines, 7), lines("f", stateLines / 2, 3), "e", log));
    for (NotesSection s : NotesSection.values()) {
      assertThat(b.tokens(fit, s)).isLessThanOrEqualTo(sectionCap);
    }
    // Headings alone cost 9 word-tokens; below that no content can fit.
    assertThat(b.tokens(fit)).isLessThanOrEqualTo(Math.max(totalCap, 9));
  }

  /** The default notes settings with these caps. */
  private static NotesSettings caps(int section, int total) {
    return NotesSettings.DEFAULTS.with("sectionTokenCap", section).with("totalTokenCap", total);
  }
}
