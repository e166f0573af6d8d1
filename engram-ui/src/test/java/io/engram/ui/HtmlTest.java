package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

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
  void markdownStillRenders() {
    assertThat(Html.markdown("# Title\n\n- one\n- `two`\n")).contains("<h1>Title</h1>", "<li>one</li>",
        "<code>two</code>");
  }

  @Test
  void escapeCoversQuotesAndAmpersands() {
    assertThat(Html.escape("<a href=\"x\">'&'</a>")).isEqualTo("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  }
}
