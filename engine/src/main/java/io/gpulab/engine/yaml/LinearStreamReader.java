package io.gpulab.engine.yaml;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Constant;

import java.io.IOException;
import java.io.Reader;

/**
 * SnakeYAML's {@link StreamReader} with the same answers (code points, lines, columns, marks, the printable-character
 * check and its error) but a window that grows and is compacted by doubling: SnakeYAML's copies its whole unread
 * window for every 1,024 characters it reads, so a value of n characters cost n²/1,024 copies (8 MB: half a minute).
 * Here every character is copied a bounded number of times. All of {@link StreamReader}'s public methods are
 * overridden; the superclass reads nothing.
 */
final class LinearStreamReader extends StreamReader {

    private static final int CHUNK = 64 * 1024;

    private final String name = "'reader'";
    private final Reader stream;
    private final char[] chars = new char[CHUNK + 1];
    /**
     * Code points; {@code [pointer, dataLength)} are unread. Never changed below {@code dataLength} once written: a
     * {@link Mark} keeps the array it was made with (compaction and growth allocate a new one).
     */
    private int[] window = new int[0];
    private int dataLength;
    private int pointer;
    private boolean eof;
    private int index;
    private int documentIndex;
    private int line;
    private int column;

    LinearStreamReader(Reader reader) {
        super(Reader.nullReader());
        this.stream = reader;
    }

    @Override
    public Mark getMark() {
        return new Mark(name, index, line, column, window, pointer);
    }

    @Override
    public void forward() {
        forward(1);
    }

    @Override
    public void forward(int length) {
        for (int i = 0; i < length && ensureEnoughData(0); i++) {
            int c = window[pointer++];
            moveIndices(1);
            if (c > ' ' && c < 0x7f) {
                column++; // most of a file: neither a line break nor a BOM
            } else if (Constant.LINEBR.has(c) || c == '\r' && ensureEnoughData(0) && window[pointer] != '\n') {
                line++;
                column = 0;
            } else if (c != 0xFEFF) {
                column++;
            }
        }
    }

    @Override
    public int peek() {
        return ensureEnoughData(0) ? window[pointer] : 0;
    }

    @Override
    public int peek(int i) {
        return ensureEnoughData(i) ? window[pointer + i] : 0;
    }

    @Override
    public String prefix(int length) {
        if (length == 0) {
            return "";
        }
        return ensureEnoughData(length) ? new String(window, pointer, length)
                : new String(window, pointer, Math.min(length, dataLength - pointer));
    }

    @Override
    public String prefixForward(int length) {
        String prefix = prefix(length);
        pointer += length;
        moveIndices(length);
        column += length;
        return prefix;
    }

    private boolean ensureEnoughData(int size) {
        while (!eof && pointer + size >= dataLength) {
            update();
        }
        return pointer + size < dataLength;
    }

    private void update() {
        try {
            int read = stream.read(chars, 0, CHUNK);
            if (read <= 0) {
                eof = true;
                return;
            }
            if (Character.isHighSurrogate(chars[read - 1])) {
                if (stream.read(chars, read, 1) == -1) {
                    throw new ReaderException(name, index + dataLength - pointer, chars[read - 1],
                            "The last char is HighSurrogate (no LowSurrogate detected).");
                }
                read++;
            }
            room(read);
            int bad = ' ';
            int j = dataLength;
            for (int i = 0; i < read; j++) {
                int cp = Character.codePointAt(chars, i, read);
                window[j] = cp;
                if (isPrintable(cp)) {
                    i += Character.charCount(cp);
                } else {
                    bad = cp;
                    i = read;
                }
            }
            dataLength = j;
            if (bad != ' ') {
                throw new ReaderException(name, index + dataLength - pointer - 1, bad,
                        "special characters are not allowed");
            }
        } catch (IOException e) {
            throw new YAMLException(e);
        }
    }

    /** Room for {@code more} code points after {@code dataLength}: a new window, unread part first, when needed. */
    private void room(int more) {
        if (dataLength + more <= window.length) {
            return;
        }
        int unread = dataLength - pointer;
        int[] grown = new int[Math.max(2 * (unread + more), 2 * CHUNK)];
        System.arraycopy(window, pointer, grown, 0, unread);
        window = grown;
        pointer = 0;
        dataLength = unread;
    }

    private void moveIndices(int length) {
        index += length;
        documentIndex += length;
    }

    @Override
    public int getColumn() {
        return column;
    }

    @Override
    public int getDocumentIndex() {
        return documentIndex;
    }

    @Override
    public void resetDocumentIndex() {
        documentIndex = 0;
    }

    @Override
    public int getIndex() {
        return index;
    }

    @Override
    public int getLine() {
        return line;
    }
}
