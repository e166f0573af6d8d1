package io.engram.index;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The analyzer of memory text: Unicode word breaking, CJK width folding and overlapping CJK bigrams
 * (Chinese and Japanese have no spaces between words), possessives dropped, lower case, English stop
 * words, Porter stemming. Memories mix English prose with Chinese, identifiers and paths; this keeps
 * each searchable without a language guess.
 */
final class RecallAnalyzer extends Analyzer {

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    StandardTokenizer source = new StandardTokenizer();
    TokenStream stream = new CJKWidthFilter(source);
    stream = new CJKBigramFilter(stream);
    stream = new EnglishPossessiveFilter(stream);
    stream = new LowerCaseFilter(stream);
    stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
    stream = new PorterStemFilter(stream);
    return new TokenStreamComponents(source, stream);
  }

  @Override
  protected TokenStream normalize(String fieldName, TokenStream in) {
    return new LowerCaseFilter(new CJKWidthFilter(in));
  }
}
