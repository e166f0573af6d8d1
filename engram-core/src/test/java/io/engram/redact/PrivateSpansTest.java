package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PrivateSpansTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @ParameterizedTest
  @ValueSource(strings = {"a <private >X</private > b", "a <private reason=\"x\">X</private> b", "a <PRIVATE>X</Private> b",
      "a < private >X</ private > b", "a <private\n>X</private\n> b", "a <private class='p' data-x=\"y\">X</private> b",
      "a &lt;private&gt;X&lt;/private&gt; b", "a \\u003cprivate\\u003eX\\u003c/private\\u003e b",
      "a <private>X <private>X</private> X</private> b"})
  void everySpellingOfATagDropsTheSpan(String text) {
    assertThat(REDACTOR.redact(text).text()).isEqualTo("a  b");
  }

  @Test
  void nestedSpansEndWithTheOutermostClose() {
    assertThat(REDACTOR.redact("k <private>a <private>b</private> c</private> d <private>e</private> f").text())
        .isEqualTo("k  d  f");
  }

  @Test
  void anUnclosedSpanRunsToTheEndAndAStrayCloseIsLeft() {
    assertThat(REDACTOR.redact("keep <private reason=x>drop this").text()).isEqualTo("keep ");
    assertThat(REDACTOR.redact("a </private> b").text()).isEqualTo("a </private> b");
  }

  @Test
  void otherWordsAndSelfClosingTagsAreNotSpans() {
    for (String text : List.of("<privateNote>abc</privateNote>", "<private-notes>abc</private-notes>", "x <private/> y",
        "private final int x = 1;", "wrap it in <private>…</private> tags")) {
      assertThat(REDACTOR.redact(text).text()).as(text).isEqualTo(text);
    }
  }

  @Property(tries = 300)
  void spansAreOrderedDisjointAndInsideTheText(@ForAll @StringLength(max = 60) String noise) {
    String text = noise + "<private>" + noise + "</ private >" + noise + "<Private a=b>" + noise;
    int last = 0;
    for (int[] span : PrivateSpans.find(text)) {
      assertThat(span[0]).isGreaterThanOrEqualTo(last);
      assertThat(span[1]).isGreaterThan(span[0]).isLessThanOrEqualTo(text.length());
      last = span[1];
    }
  }
}
