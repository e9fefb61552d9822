/**
 * The kinds the scanner reads: the one list that docs/cli.md (tools/scan-signals-doc.ts) and
 * `winnet-kb scan --help` (src/cli/program.ts) derive theirs from. A module of its own, with no
 * imports, so the CLI's help does not load the readers. test/scan/signals-doc.test.ts checks that it
 * names every object kind of a FIELD place in manifest-signals.yaml.
 */
/**
 * What the scanner reads of each kind, besides the places of
 * manifest-signals.yaml (docs/cli.md's list is generated from both: tools/scan-signals-doc.ts).
 */
export const READ_KINDS: readonly { kinds: string; reads: string }[] = [
  {
    kinds: 'Node',
    reads:
      'the Windows release and revision (status.nodeInfo.kernelVersion, the node.kubernetes.io/windows-build label, osImage), the kubelet version, EKS and AKS labels, the instance type, the pod addresses it advertises',
  },
  {
    kinds: 'Service',
    reads:
      'its type; the fields and annotations that switch a feature on (features.yaml settings); what it leaves at its default (externalTrafficPolicy); the workloads it selects',
  },
  {
    kinds: 'ConfigMap',
    reads:
      "CNI network configurations (every entry's `type`), flannel's net-conf.json, the keys manifest-signals.yaml names, an IPAM option's keys (ipam-options.yaml), a KubeProxyConfiguration or a kube-proxy start script; in YAML input, the named objects a key holds as text (what a Cluster API ClusterResourceSet applies), read as objects of the file",
  },
  {
    kinds: '(no kind) a CNI network configuration file',
    reads:
      "a document with cniVersion and a type or plugins list, read as a ConfigMap's CNI configuration is; a type the knowledge base does not know is named",
  },
  {
    kinds: '(no kind) an AKS Engine cluster definition (AksEngineClusterDefinition)',
    reads:
      "an apimodel (apiVersion vlabs with an orchestratorProfile): the fields manifest-signals.yaml names for it (its pools' osType, Kubernetes version, network plugin, Windows SKU)",
  },
  {
    kinds: "(no kind) flannel's net-conf.json",
    reads: 'a document with Network and Backend at its top, keys in any case as flanneld reads them: the backend (its network mode), VNI and port',
  },
  { kinds: 'KubeProxyConfiguration', reads: 'mode, winkernel (enableDSR, sourceVip, networkName) and featureGates' },
  {
    kinds: 'NetworkPolicy',
    reads: "the Windows workloads its podSelector selects (a Calico projectcalico.org/v3 policy: its spec.selector's label == 'value' terms)",
  },
  { kinds: 'ClusterConfig (eksctl.io)', reads: "each Windows node group: amiFamily, instance type, metadata.version, and eksctl's defaults" },
  {
    kinds: 'Pod, Deployment, DaemonSet, StatefulSet, ReplicaSet, ReplicationController, Job, CronJob',
    reads:
      "scheduling on Windows (nodeSelector, required node affinity, os.name, windowsOptions, runtimeClassName, or a Windows image), hostNetwork and HostProcess, host ports, IPv6 addresses, kube-proxy's flags and mounted ConfigMaps, and each container's environment and image and the node labels it requires (manifest-signals.yaml)",
  },
  {
    kinds: 'RuntimeClass',
    reads:
      'scheduling.nodeSelector (the OS and windows-build labels, read as a node group); a workload that names it by runtimeClassName takes its OS and build',
  },
  {
    kinds: 'NodePool (Karpenter), MachineDeployment and MachinePool (Cluster API), MachineDeployment and MachineSet (machine-controller)',
    reads:
      "the node labels a NodePool requires (Karpenter's instance family and size read as EC2 instance types), and the templates it names (nodeClassRef, infrastructureRef, bootstrap.configRef), read with it as one node group",
  },
  {
    kinds:
      'EC2NodeClass (Karpenter), Cluster, KubeadmControlPlane, KubeadmConfigTemplate, KubeadmConfig, AzureMachineTemplate, AzureMachinePool and AzureStackHCIMachineTemplate (Cluster API), IPAMConfig and Installation (Calico), MachineSet and Network (OpenShift), ClusterConfiguration (kubeadm)',
    reads:
      "the fields manifest-signals.yaml names for the kind (an AMI family, a Kubernetes version, an OS type, the kubelet's container runtime endpoint, Calico and its IP pools' encapsulation, the Windows os-id label and Azure image SKU of an OpenShift MachineSet, Cluster API Azure's Windows image SKU and Azure Stack HCI's image OS type, machine-controller's operating system and kubelet version, OpenShift's hybrid overlay network, the cluster an object names)",
  },
];
