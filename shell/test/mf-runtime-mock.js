// Test double for @module-federation/enhanced/runtime: tests set the modules remotes "expose".
const modules = new Map();
const registered = [];
module.exports = {
  __setRemoteModule(id, mod) {
    modules.set(id, mod);
  },
  __reset() {
    modules.clear();
    registered.length = 0;
  },
  __registered: registered,
  registerRemotes: (remotes) => registered.push(...remotes),
  loadRemote: async (id) => {
    const mod = modules.get(id);
    if (mod instanceof Error) throw mod;
    return mod;
  },
};
