#!/usr/bin/sysbench
-- oltp_write_only whose transactions start WITH CAUSAL CONSISTENCY ONLY (Basalt: async commit without the TSO
-- call that makes it linearizable). Everything else comes from sysbench's own oltp_common.lua.

require("oltp_common")

function prepare_begin()
   stmt.begin = con:prepare("START TRANSACTION WITH CAUSAL CONSISTENCY ONLY")
end

function prepare_statements()
   if not sysbench.opt.skip_trx then
      prepare_begin()
      prepare_commit()
   end

   prepare_index_updates()
   prepare_non_index_updates()
   prepare_delete_inserts()
end

function event()
   if not sysbench.opt.skip_trx then
      begin()
   end

   execute_index_updates()
   execute_non_index_updates()
   execute_delete_inserts()

   if not sysbench.opt.skip_trx then
      commit()
   end
end
