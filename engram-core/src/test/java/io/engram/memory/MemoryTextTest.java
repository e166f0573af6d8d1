package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryTextTest {

  @Test
  void aDescriptionThatIsTheBodysFirstLineIsSaidOnce() {
    String body = "Use pnpm, never npm, in the web app.\nThe lockfile is pnpm-lock.yaml.";
    assertThat(MemoryText.descriptionAndBody("Use pnpm, never npm, in the web app.", body)).isEqualTo(body);
  }

  @Test
  void aCutDescriptionWithAnEllipsisStillMatchesTheBody() {
    String body = "金额字段一律用 BigDecimal，禁止 double；数据库里用 DECIMAL(19,4)。历史表里的 float 字段迁移时一起改掉。";
    assertThat(MemoryText.descriptionAndBody("金额字段一律用 BigDecimal，禁止 double…", body)).isEqualTo(body);
    assertThat(MemoryText.descriptionAndBody("Money is BigDecimal...", "**Money is  BigDecimal**, never double."))
        .isEqualTo("**Money is  BigDecimal**, never double.");
  }

  @Test
  void aBodyTheDescriptionHoldsIsLeftOut() {
    assertThat(MemoryText.descriptionAndBody("Run mvn -o offline builds only", "run mvn -o offline builds only\n"))
        .isEqualTo("run mvn -o offline builds only\n");
    assertThat(MemoryText.descriptionAndBody("The staging database is db2 on port 5433", "db2 on port 5433"))
        .isEqualTo("The staging database is db2 on port 5433");
  }

  @Test
  void aDescriptionThatSaysSomethingElseComesFirst() {
    assertThat(MemoryText.descriptionAndBody("When touching payments", "Amounts are BigDecimal."))
        .isEqualTo("When touching payments\n\nAmounts are BigDecimal.");
  }

  @Test
  void aBlankDescriptionLeavesTheBody() {
    assertThat(MemoryText.descriptionAndBody(" ", "Body.")).isEqualTo("Body.");
  }
}
