package io.basalt.protocol.replication;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReplicationRequestsTest {

    @Test
    void dumpRequestCarriesPositionFlagsServerIdAndFile() {
        byte[] payload = Bytes.of().int1(0x12).int4(1588).int2(2).int4(2).raw("mariadb-bin.000001".getBytes())
                .array();
        BinlogDumpRequest r = BinlogDumpRequest.decode(Unpooled.wrappedBuffer(payload));
        assertThat(r).isEqualTo(new BinlogDumpRequest(1588, 2, 2, "mariadb-bin.000001"));
        assertThat(r.sendAnnotateRows()).isTrue();
        assertThat(r.nonBlocking()).isFalse();
    }

    @Test
    void emptyFileNameAndServerIdZeroAskForANonBlockingDumpFromTheFirstFile() {
        // what mysql-binlog-connector-java sends in MariaDB GTID mode with blocking=false
        byte[] payload = Bytes.of().int1(0x12).int4(0).int2(0).int4(0).array();
        BinlogDumpRequest r = BinlogDumpRequest.decode(Unpooled.wrappedBuffer(payload));
        assertThat(r.file()).isEmpty();
        assertThat(r.position()).isZero();
        assertThat(r.nonBlocking()).isTrue();
        assertThat(new BinlogDumpRequest(4, BinlogDumpRequest.NON_BLOCK, 7, "").nonBlocking()).isTrue();
    }

    @Test
    void truncatedDumpRequestIsMalformed() {
        byte[] payload = Bytes.of().int1(0x12).int4(4).int2(0).array();
        assertThatThrownBy(() -> BinlogDumpRequest.decode(Unpooled.wrappedBuffer(payload)))
                .isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void registerRequestAsAMariaDbReplicaSendsIt() {
        byte[] payload = Bytes.of().int1(0x15).int4(2).int1(9).raw("127.0.0.1".getBytes()).int1(4)
                .raw("repl".getBytes()).int1(0).int2(3307).int4(0).int4(0).array();
        assertThat(RegisterReplicaRequest.decode(Unpooled.wrappedBuffer(payload)))
                .isEqualTo(new RegisterReplicaRequest(2, "127.0.0.1", "repl", 3307));
    }

    @Test
    void registerRequestWhoseStringRunsPastTheEndIsMalformed() {
        byte[] payload = Bytes.of().int1(0x15).int4(2).int1(40).raw("short".getBytes()).array();
        assertThatThrownBy(() -> RegisterReplicaRequest.decode(Unpooled.wrappedBuffer(payload)))
                .isInstanceOf(MalformedPacketException.class);
    }
}
