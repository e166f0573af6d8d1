package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.CompactionSettings;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Extraction and matching agree: the original text, used as its own summary, keeps everything. */
class KeyPreservationPropertiesTest {

  @Property(tries = 300)
  void theOriginalPreservesAllOfItsOwnKeyInformation(
      @ForAll("texts") List<String> user, @ForAll("texts") List<String> errors, @ForAll("texts") List<String> free) {
    KeySources sources = new KeySources(user, errors, List.of(), String.join("\n", free));
    KeyInformation key = KeyInformation.extract(sources, 40);
    // Error texts are read with escaped "\\n" as line breaks, so the original is too.
    String errorText = String.join("\n", errors).replace("\\n", "\n");
    String original = String.join("\n", user) + "\n" + errorText + "\n" + sources.freeText();
    KeyMatcher matcher = new KeyMatcher(original, CompactionSettings.DEFAULTS.fuzzyMatchShare());
    for (KeyKind kind : KeyKind.values()) {
      for (String item : key.of(kind)) {
        assertThat(matcher.preserved(kind, item)).as(kind + " " + item).isTrue();
      }
    }
  }

  @Provide
  Arbitrary<List<String>> texts() {
    Arbitrary<String> token =
        Arbitraries.oneOf(
            Arbitraries.of("fooBar", "max_tokens", "io.engram.x", "1.9.3", "v2.0-rc1", "--dry-run", "--dry-runX",
                "src/App.java", "App.java", "C:\\w\\Main.kt", "`git status -s`", "`mvn -q test`", "$ ls -la",
                "error:", "Exception", "compact(", "\\n", "\n", " ", ".", ",", "(", ")", "/", "-", "_", "`",
                "http://a.b/c", "压缩", "İ"),
            Arbitraries.strings().withCharRange('!', '~').ofMaxLength(6));
    return token.list().ofMaxSize(25).map(l -> String.join("", l)).list().ofMaxSize(4);
  }
}
