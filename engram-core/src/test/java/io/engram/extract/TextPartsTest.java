package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Sentence splitting, secret detection and naming, the parts every rule relies on. */
class TextPartsTest {

  @Test
  void sentencesSplitOnEnglishAndChinesePunctuationButNotSemicolons() {
    List<Sentence> s = Sentences.of("Never X; always Y. 以后都用中文。好的！\nNext line");
    assertThat(s).extracting(Sentence::text)
        .containsExactly("Never X; always Y.", "以后都用中文。", "好的！", "Next line");
  }

  @Test
  void aLineBreakBeforeALowerCaseWordWrapsUnlessAHeadingEndsOrADirectiveOpens() {
    assertThat(Sentences.of("so we don't commit it\nwhich removes the cache")).extracting(Sentence::text)
        .containsExactly("so we don't commit it\nwhich removes the cache");
    assertThat(Sentences.of("investigate the root cause of this error:\nuse the docs as guidance\n"
        + "do not make assumptions")).extracting(Sentence::text)
        .containsExactly("investigate the root cause of this error:", "use the docs as guidance",
            "do not make assumptions");
  }

  @Test
  void blankedRegionsKeepOffsets() {
    String text = "A ```code``` B. <private>hidden</private> C.";
    for (Sentence s : Sentences.of(text)) {
      assertThat(s.text()).hasSize(s.end() - s.start()).doesNotContain("hidden").doesNotContain("code");
    }
  }

  @Test
  void secretsAreRecognised() {
    assertThat(Secrets.contains("key AKIAIOSFODNN7EXAMPLE")).isTrue();
    assertThat(Secrets.contains("sk-ant-abcdefghijklmnopqrstuv")).isTrue();
    assertThat(Secrets.contains("DB_PASSWORD=correct-horse")).isTrue();
    assertThat(Secrets.contains("postgres://app:s3cret@db:5432/app")).isTrue();
    assertThat(Secrets.contains("口令：abc123")).isTrue();
    assertThat(Secrets.contains("Reset the password page layout.")).isFalse();
    assertThat(Secrets.contains("The token bucket limits requests.")).isFalse();
  }

  @Test
  void slugsAreReadableInTheTextsOwnScriptAndBounded() {
    assertThat(Terms.slug("", "Don't mock the database in tests!", 5)).isEqualTo("dont-mock-database-tests");
    assertThat(Terms.slug("", "提交信息要用英文写", 5)).isEqualTo("提交信息要用英文写");
    assertThat(Terms.slug("", "日志应该用 slf4j", 5)).isEqualTo("日志应该用-slf4j");
    assertThat(Terms.slug("user", "a ".repeat(10) + "word ".repeat(100), 50)).hasSizeLessThanOrEqualTo(48);
    assertThat(Terms.slug("", "!!! ???", 5)).isEqualTo("note");
  }

  @Test
  void similarityNeedsTwoSharedTermsAndMostOfTheSmallerSet() {
    assertThat(Similarity.score(Terms.of("tests need redis"), Terms.of("integration tests need a local redis"))).isEqualTo(1.0);
    assertThat(Similarity.score(Terms.of("tests redis"), Terms.of("tests kafka zookeeper"))).isZero();
  }
}
