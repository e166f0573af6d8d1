package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.CompactionSettings;
import io.engram.testing.TranscriptBuilder;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline summary quotes and lists as much as its settings ({@code compaction.offline}) say. */
class OfflineSummaryLimitsTest {
  private static final List<TranscriptMessage> SESSION = new TranscriptBuilder("s1")
      .user("Please make the parser accept trailing commas in every list and every map of the config format")
      .tool("Read", "{\"file_path\":\"/p/Lexer.java\"}", "class Lexer {}")
      .tool("Read", "{\"file_path\":\"/p/Parser.java\"}", "class Parser {}")
      .tool("Read", "{\"file_path\":\"/p/Config.java\"}", "class Config {}")
      .assistant("All three read.").build().messages();

  private static SummarySections summary(CompactionSettings.Offline limits) {
    CompactionSettings settings = CompactionSettings.DEFAULTS.with("offline", limits);
    return new ExtractiveSummarizer(Conversation.of(SESSION, 0, 25), new JtokkitTokenCounter(), 100_000, 0, settings)
        .sections(ExtractiveSummarizer.Detail.of(0));
  }

  @Test
  void theDefaultsNameEveryFileReadAndQuoteTheRequestWhole() {
    SummarySections s = summary(CompactionSettings.Offline.DEFAULTS);

    assertThat(s.get(SummarySection.FILES_AND_CODE)).hasValueSatisfying(t -> assertThat(t)
        .contains("Lexer.java", "Parser.java", "Config.java").doesNotContain("more"));
    assertThat(s.get(SummarySection.PRIMARY_REQUEST)).hasValueSatisfying(t -> assertThat(t)
        .contains("every map of the config format"));
  }

  @Test
  void fewerFilesAndAShorterQuoteWhenTheSettingsSaySo() {
    SummarySections s = summary(CompactionSettings.Offline.DEFAULTS.with("readOnlyFiles", 1)
        .with("firstRequestChars", 40));

    assertThat(s.get(SummarySection.FILES_AND_CODE)).hasValueSatisfying(t -> assertThat(t)
        .contains("and 2 more"));
    assertThat(s.get(SummarySection.PRIMARY_REQUEST)).hasValueSatisfying(t -> assertThat(t)
        .contains("Please make the parser").doesNotContain("config format"));
  }
}
