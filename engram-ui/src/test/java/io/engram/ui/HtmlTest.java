package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HtmlTest {
  @Test
  void rawHtmlInAMemoryIsShownAsText() {
    String html = Html.markdown("<script>alert(1)</script>\n\nsee <img src=x onerror=alert(2)> and <b>bold</b>");
    assertThat(html).doesNotContain("<script", "<img", "<b>")
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;img src=x onerror=alert(2)&gt;");
  }

  @Test
  void linksToScriptsAreDroppedAndOrdinaryLinksKept() {
    String html = Html.markdown("[run](javascript:alert(1)) [data](data:text/html,x) [docs](https://example.com/a)"
        + " [far](//evil.example/x) [near](#notes) ![pic](data:image/svg+xml,x)");
    assertThat(html).doesNotContain("javascript:", "data:", "evil.example")
        .contains("href=\"https://example.com/a\"", "href=\"#notes\"");
  }

  @Test
  void aSchemeSplitByWhitespaceControlsOrEntitiesIsStillRefused() {
    List<String> targets = List.of("<java\tscript:alert(1)>", "<java\nscript:alert(1)>", "<java\rscript:alert(1)>",
        "java&#9;script:alert(1)", "java&#x09;script:alert(1)", "java&Tab;script:alert(1)", "java&NewLine;script:alert(1)",
        "java&#10;script:alert(1)", "java&#13;script:alert(1)", "&#1;javascript:alert(1)", "java&#0;script:alert(1)",
        " javascript:alert(1)", "&#x20;javascript:alert(1)", "jav&#x200B;ascript:alert(1)", "java&#xAD;script:alert(1)",
        "&#x2028;javascript:alert(1)", "JaVaScRiPt:alert(1)", "javascript&colon;alert(1)", "vbscript:msgbox(1)",
        "data&#58;text/html,x", "<da\tta:text/html,x>", "\\\\\\\\evil.example/x", "</\\evil.example/x>",
        "&#x2F;/evil.example", "<\t//evil.example>", "jav%61script:alert(1)", "<file:///etc/passwd>");
    for (String target : targets) {
      String html = Html.markdown("[x](" + target + ")");
      // Either no link at all (Markdown does not read it as one) or a link whose target was dropped.
      assertThat(html).as(target).doesNotContainPattern("href=\"[^\"]");
    }
    for (String target : List.of("java&#9;script:alert(1)", "<java\tscript:alert(1)>", "&#1;javascript:alert(1)")) {
      assertThat(Html.markdown("[x](" + target + ")")).as("read as a link").contains("href=\"\">x</a>");
    }
  }

  @Test
  void onlyHttpHttpsAndMailtoLinksAndRelativeOnesAreKept() {
    assertThat(Html.allowed("https://example.com/a?b#c", "http:", "https:", "mailto:")).isTrue();
    assertThat(Html.allowed("HTTP://example.com", "http:", "https:", "mailto:")).isTrue();
    assertThat(Html.allowed("mailto:ops@example.com", "http:", "https:", "mailto:")).isTrue();
    assertThat(Html.allowed("#/memory/x", "http:", "https:", "mailto:")).isTrue();
    assertThat(Html.allowed("docs/setup.md", "http:", "https:", "mailto:")).isTrue();
    assertThat(Html.allowed("docs/a:b.md", "http:", "https:", "mailto:")).as("a colon after a slash").isTrue();
    assertThat(Html.allowed("mailto:ops@example.com", "http:", "https:")).as("images: no mailto").isFalse();
    assertThat(Html.allowed("tel:123", "http:", "https:", "mailto:")).isFalse();
    assertThat(Html.allowed("ht\ttps:x", "http:", "https:", "mailto:")).as("judged without the tab").isTrue();
  }

  @Test
  void markdownStillRenders() {
    assertThat(Html.markdown("# Title\n\n- one\n- `two`\n")).contains("<h1>Title</h1>", "<li>one</li>",
        "<code>two</code>");
  }

  @Test
  void escapeCoversQuotesAndAmpersands() {
    assertThat(Html.escape("<a href=\"x\">'&'</a>")).isEqualTo("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  }
}
