package io.basalt.server.command;

import io.basalt.protocol.auth.CachingSha2Password;
import io.basalt.protocol.handshake.AuthMoreData;
import io.basalt.protocol.handshake.AuthSwitchRequest;
import io.basalt.protocol.handshake.ChangeUserRequest;
import io.basalt.server.auth.AuthResult;
import io.netty.buffer.ByteBuf;

/**
 * COM_CHANGE_USER: authenticates the new user against the connection's scramble (with at most one auth switch),
 * then resets the session as COM_RESET_CONNECTION does, switches user and database and answers OK. A denied login
 * is answered with 1045 and closes the connection, as the old identity must not linger.
 */
final class ComChangeUserHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Change user";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        ChangeUserRequest request = ChangeUserRequest.decode(payload, connection.clientFlags());
        AuthResult result = connection.authenticator().start(request.username(), request.authResponse(),
                request.authPluginName(), connection.clientAddress());
        proceed(connection, request, result);
    }

    private void proceed(ClientConnection connection, ChangeUserRequest request, AuthResult result) {
        ResponseWriter responses = connection.responses();
        PacketOutput out = responses.output();
        if (result instanceof AuthResult.Denied denied) {
            responses.error(denied.error());
            connection.close();
        } else if (result instanceof AuthResult.SwitchRequest switchRequest) {
            AuthSwitchRequest.encode(out.beginPacket(), switchRequest.plugin(), switchRequest.scramble());
            out.endPacket();
            connection.awaitAuthSwitchResponse(processListName(), answer ->
                    proceed(connection, request, connection.authenticator().afterSwitch(answer)));
        } else if (result instanceof AuthResult.Accepted accepted) {
            if (accepted.sendFastAuthSuccess()) {
                AuthMoreData.encode(out.beginPacket(), new byte[] {CachingSha2Password.FAST_AUTH_SUCCESS_STATUS});
                out.endPacket();
            }
            connection.changeUser(accepted.account(), request.database(), request.connectAttrs());
            responses.ok(0, 0, null);
        }
    }
}
