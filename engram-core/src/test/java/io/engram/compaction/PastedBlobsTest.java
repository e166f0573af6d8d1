package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.model.ModelRouter;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pasted blob (an inlined image's base64, a minified bundle, a hex dump: hundreds of thousands of characters with no
 * space) is read in time proportional to its length. A pattern that tries a greedy run from every position of such a
 * blob takes hours on one message, and the person's compaction never ends.
 */
class PastedBlobsTest {
  private static final EngramSettings SETTINGS = EngramSettings.DEFAULTS;
  private static final ContextWindow WINDOW = ContextWindow.forModel("", SETTINGS.context());
  // Long enough that reading it quadratically takes minutes, as a real 200,000-character run did.
  private static final int BLOB_CHARS = 300_000;

  private static String blob(String kind) {
    StringBuilder b = new StringBuilder(BLOB_CHARS + 16);
    java.util.Random random = new java.util.Random(7);
    String alphabet = switch (kind) {
      case "letters" -> "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
      case "dotted" -> "abcdefghij0123456789.-_";
      default -> "0123456789abcdef";
    };
    while (b.length() < BLOB_CHARS) {
      b.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return b.toString();
  }

  private static List<TranscriptMessage> session(String blob) {
    var json = JsonNodeFactory.instance;
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Render this logo in the header: data:image/png;base64," + blob));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "I'll decode it first: " + blob + " and save it as logo.png."));
    ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("w", "Write", json.objectNode()
        .put("file_path", "/repo/public/" + blob.substring(0, 200) + ".png").put("content", blob)))));
    ms.add(TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("w", "File created", false))));
    ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("b", "Bash", json.objectNode()
        .put("command", "echo " + blob + " | base64 -d > logo.png")))));
    ms.add(TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("b", blob, true))));
    ms.add(TranscriptMessage.text(Role.USER, "Now wire logo.png into src/Header.tsx and run npm test."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Next I'll edit src/Header.tsx to import logo.png."));
    return ms;
  }

  @ParameterizedTest
  @ValueSource(strings = {"letters", "dotted", "hex"})
  void aCompactionOverAPastedBlobEndsAndKeepsTheRequest(String kind) {
    List<TranscriptMessage> ms = session(blob(kind));
    CompactionResult r = assertTimeoutPreemptively(Duration.ofMinutes(2), () ->
        new Compactor(SETTINGS, new JtokkitTokenCounter(), ModelRouter.offline()).compact(CompactionInput.of(ms, WINDOW)));
    assertThat(r.summary()).contains("src/Header.tsx");
  }
}
