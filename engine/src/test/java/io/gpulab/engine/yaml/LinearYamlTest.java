package io.gpulab.engine.yaml;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The import's YAML parser gives the tokens Jackson's own gives: the scalars it types without asking included. */
class LinearYamlTest {

    private static final String[] SCALARS = {
        "main", "node-12", "nvidia.com/gpu", "Running", "500m", "2Gi", "64", "528280312Ki", "-1", "+1", "0", "007",
        "0x1F", "0o17", "1_000", "3.5", ".5", "-.5", "1e3", "1.0e+3", ".inf", "-.Inf", ".NaN", "nan", "true", "True",
        "TRUE", "false", "yes", "Yes", "no", "NO", "on", "Off", "y", "n", "null", "Null", "NULL", "~", "nil",
        "2024-01-01", "2024-01-01T00:00:00Z", "<<x", "!x", "&x", "*x y", "t", "f", "o", "yesterday", "not-null",
        "truthy", "offline", "\u00fcber", "\u20ac5", "8000", "20", "v1"};

    private static List<String> tokens(YAMLFactory f, String yaml) throws Exception {
        List<String> out = new ArrayList<>();
        try (JsonParser p = f.createParser(yaml)) {
            for (JsonToken t; (t = p.nextToken()) != null; ) {
                out.add(t + " " + p.getText() + " " + p.currentTokenLocation().getLineNr());
            }
        }
        return out;
    }

    @Test
    void everyKindOfScalarIsTypedAsJacksonsOwnParserTypesIt() throws Exception {
        StringBuilder yaml = new StringBuilder();
        for (int i = 0; i < SCALARS.length; i++) {
            String s = SCALARS[i];
            String plain = s.startsWith("!") || s.startsWith("&") || s.startsWith("*") ? "'" + s + "'" : s;
            yaml.append("p").append(i).append(": ").append(plain).append('\n')
                .append("q").append(i).append(": \"").append(s).append("\"\n")
                .append("l").append(i).append(": [").append(plain).append(", ").append(plain).append("]\n");
        }
        // an empty value is left to Jackson's own code (the import's parser answered it as before)
        yaml.append("tagged: !!str 12\n").append("bang: ! 12\n");
        List<String> expected = tokens(new YAMLFactory(), yaml.toString());
        assertEquals(expected, tokens(LinearYaml.factory(new LoaderOptions()), yaml.toString()));
        for (String type : List.of("VALUE_STRING", "VALUE_NUMBER_INT", "VALUE_NUMBER_FLOAT", "VALUE_TRUE",
                "VALUE_FALSE", "VALUE_NULL")) {
            assertEquals(true, expected.stream().anyMatch(t -> t.startsWith(type + " ")), type);
        }
    }
}
