package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.CompactionSettings;
import io.engram.testing.TestResources;
import io.engram.tokens.JtokkitTokenCounter;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Calibration on real data: Claude Code's own summaries of the two long fixture sessions with a
 * real compaction, scored against key information read (minimally, without the transcript model) from the
 * part of the session they replaced.
 */
class ClaudeCodeSummaryScoreTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest
  @CsvSource({
    "258c7280-ae70-4798-800f-63464d01a85d, agent-acompact-fffbd0",
    "ae4a77f8-aedd-4bc1-888f-c94edc91af04, agent-acompact-946d2b"
  })
  void claudeCodesOwnSummaryIsNotSentToTruncation(String session, String agent) throws IOException {
    String dir = "transcripts/claude-code/";
    Before before = readUntilCompaction(dir + session + ".jsonl");
    String summary = lastAssistantText(dir + session + "/subagents/" + agent + ".jsonl");
    CompactionSettings settings = CompactionSettings.DEFAULTS;
    KeyInformation key = KeyInformation.extract(before.sources(), settings.maxTechnicalKeywords());
    CompactionScore score = new CompactionScorer(settings, key, before.preTokens(), new JtokkitTokenCounter()).score(summary);
    System.out.printf("%s: total %.1f SC %.1f KP %.1f CC %.1f CR %.1f ratio %.3f pres %s%n  lost %s%n",
        session, score.total(), score.sections(), score.keyInformation(), score.continuity(), score.compression(),
        score.ratio(), score.evidence().preservation(), score.evidence().lost());
    System.out.println("  key " + key.items());
    // A real Claude Code summary may be re-compacted, but must never score below the retry band.
    assertThat(score.sections()).isEqualTo(100.0);
    assertThat(score.evidence().preservation().get(KeyKind.USER_INSTRUCTIONS)).isEqualTo(100.0);
    assertThat(score.total()).isGreaterThanOrEqualTo(settings.retryScore());
  }

  record Before(KeySources sources, int preTokens) {}

  private static Before readUntilCompaction(String file) throws IOException {
    List<String> user = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    List<String> paths = new ArrayList<>();
    StringBuilder free = new StringBuilder();
    int preTokens = 0;
    for (String line : Files.readAllLines(TestResources.path(file))) {
      JsonNode r = JSON.readTree(line);
      if ("compact_boundary".equals(r.path("subtype").asText())) {
        preTokens = r.path("compactMetadata").path("preTokens").asInt();
        break;
      }
      JsonNode content = r.path("message").path("content");
      if ("user".equals(r.path("type").asText()) && !r.path("isMeta").asBoolean()) {
        if (content.isTextual() && !content.asText().startsWith("<")) {
          user.add(content.asText());
        }
        for (JsonNode b : content) {
          if ("text".equals(b.path("type").asText()) && !b.path("text").asText().startsWith("<")) {
            user.add(b.path("text").asText());
          } else if ("tool_result".equals(b.path("type").asText()) && b.path("is_error").asBoolean()) {
            errors.add(text(b.path("content")));
          }
        }
      } else if ("assistant".equals(r.path("type").asText())) {
        for (JsonNode b : content) {
          if ("text".equals(b.path("type").asText())) {
            free.append(b.path("text").asText()).append('\n');
          } else if ("tool_use".equals(b.path("type").asText())) {
            JsonNode path = b.path("input").path("file_path");
            if (path.isTextual()) {
              paths.add(path.asText());
            }
          }
        }
      }
    }
    return new Before(new KeySources(user, errors, paths, free.toString()), preTokens);
  }

  private static String text(JsonNode content) {
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder out = new StringBuilder();
    content.forEach(b -> out.append(b.path("text").asText()).append('\n'));
    return out.toString();
  }

  private static String lastAssistantText(String file) throws IOException {
    String text = "";
    for (String line : Files.readAllLines(TestResources.path(file))) {
      JsonNode r = JSON.readTree(line);
      if ("assistant".equals(r.path("type").asText())) {
        for (JsonNode b : r.path("message").path("content")) {
          if ("text".equals(b.path("type").asText())) {
            text = b.path("text").asText();
          }
        }
      }
    }
    return text;
  }
}
