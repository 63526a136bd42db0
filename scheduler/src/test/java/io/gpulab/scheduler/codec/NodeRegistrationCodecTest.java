package io.gpulab.scheduler.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.model.DeviceInfo;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** hami.io/node-nvidia-register in the v2.10 JSON form and the legacy 7/9-field colon forms. */
class NodeRegistrationCodecTest {

    private static final DeviceInfo A = new DeviceInfo("GPU-a", 1, 10, 81920, 100, "NVIDIA A100-SXM4-80GB", 1,
            "hami-core", true);
    private static final DeviceInfo B = new DeviceInfo("GPU-b", 0, 10, 24576, 100, "NVIDIA L4", 0, "hami-core",
            false);

    @Test
    void jsonUsesGoFieldOrderAndOmitsZeroValues() {
        assertEquals("[{\"id\":\"GPU-a\",\"index\":1,\"count\":10,\"devmem\":81920,\"devcore\":100,"
                + "\"type\":\"NVIDIA A100-SXM4-80GB\",\"numa\":1,\"mode\":\"hami-core\",\"health\":true},"
                + "{\"id\":\"GPU-b\",\"count\":10,\"devmem\":24576,\"devcore\":100,\"type\":\"NVIDIA L4\","
                + "\"mode\":\"hami-core\"}]", NodeRegistrationCodec.encodeJson(List.of(A, B)));
    }

    @Test
    void jsonAndLegacyRoundTrip() {
        assertEquals(List.of(A, B), NodeRegistrationCodec.decode(NodeRegistrationCodec.encodeJson(List.of(A, B)))
                .value());
        assertEquals(List.of(A, B), NodeRegistrationCodec.decode(NodeRegistrationCodec.encodeLegacy(List.of(A, B)))
                .value());
    }

    @Test
    void jsonCarriesMigProfilesBothWays() {
        String v = "[{\"id\":\"GPU-0\",\"count\":7,\"devmem\":40960,\"devcore\":100,\"type\":\"NVIDIA\","
                + "\"mode\":\"mig\",\"health\":true,\"migProfiles\":[{\"name\":\"1g.5gb\",\"memoryMB\":5120,"
                + "\"core\":14,\"sliceCount\":1,\"placements\":[{\"start\":0,\"size\":1}]}]}]";
        List<DeviceInfo> d = NodeRegistrationCodec.decodeJson(v).value();
        assertEquals(List.of(new io.gpulab.scheduler.model.MigProfile("1g.5gb", 5120, 14, 1,
                List.of(new io.gpulab.scheduler.model.MigPlacement(0, 1)))), d.get(0).migProfiles());
        assertEquals(v, NodeRegistrationCodec.encodeJson(d));
    }

    @Test
    void sevenFieldLegacyImpliesIndexZeroAndHamiCore() {
        assertEquals(List.of(new DeviceInfo("GPU-0", 0, 10, 15360, 100, "NVIDIA-Tesla T4", 0, "hami-core", true)),
                NodeRegistrationCodec.decode("GPU-0,10,15360,100,NVIDIA-Tesla T4,0,true:").value());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "[]                                       | []                    | no gpu found on node",
        "[{\"id\":1                               | [{\"id\":1            | invalid JSON",
        "[{\"count\":\"ten\"}]                    | count=\"ten\"         | field \"count\" has the wrong type",
        "{}                                       | {}                    | expected a JSON array of devices",
        "GPU-0,10,100                             | GPU-0,10,100          | node annotation missing device separator",
        "garbage:                                 | garbage               | malformed node annotation segment",
        "GPU-0,10,100,100,T4,0:                   | GPU-0,10,100,100,T4,0 | unexpected field count 6",
        "GPU-0,x,100,100,T4,0,true:               | x                     | invalid count field: strconv.Atoi",
        "GPU-0,10,1e3,100,T4,0,true:              | 1e3                   | invalid memory field",
        "GPU-0,10,100,100,T4,0,yes:               | yes                   | invalid health field",
        "GPU-0,10,100,100,T4,0,true,-1,hami-core: | -1                    | index field must not be negative: -1",
    })
    void garbageIsATypedErrorNamingTheOffendingPart(String value, String part, String message) {
        Decoded<List<DeviceInfo>> d = NodeRegistrationCodec.decode(value);
        assertFalse(d.isOk());
        assertEquals("hami.io/node-nvidia-register", d.error().annotation());
        assertEquals(part, d.error().offendingPart());
        assertTrue(d.error().message().startsWith(message), d.error().message());
    }
}
