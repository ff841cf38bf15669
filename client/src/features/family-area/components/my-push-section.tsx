// "Notifiche su questo dispositivo" in the personal area: the notices ("avvisi") pushed to this browser as
// notifications. A browser without push says so (on an iPhone the area must be added to the Home screen first);
// blocked notifications say where to allow them again; otherwise a switch reflecting this browser's subscription on
// the area's service worker. On: permission, subscription with the server's VAPID key, saved on the server; off:
// unsubscribed and deleted. The server's message (or why it failed) in a live status region, and how many browsers
// of the account receive the notifications. The browser calls are in ../push-notifications.ts.
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { readMutationResult } from '../../../lib/mutation-result';
import { askPermission, currentSubscription, devicesText, pushAvailability, subscribe, subscriptionInput } from '../push-notifications';
import { AreaSection } from './area-section';
import { DeletePushSubscriptionMutation, MyPushDevicesQuery, PushPublicKeyQuery, SavePushSubscriptionMutation } from './my-push-documents';

const SUBSCRIBE_FAILED = 'Non è stato possibile attivare le notifiche su questo dispositivo: riprova più tardi.';
const UNSUBSCRIBE_FAILED = 'Non è stato possibile disattivare le notifiche su questo dispositivo: riprova più tardi.';
const REFETCH = { refetchQueries: ['FamilyArea_PushDevices'], awaitRefetchQueries: true };

type Status = { text: string; error: boolean } | null;

function PushSwitch() {
  const client = useApolloClient();
  const helpId = useId();
  const [availability, setAvailability] = useState(() => pushAvailability(navigator, window));
  const [subscribed, setSubscribed] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const busy = useRef(false);
  const devices = useQuery(MyPushDevicesQuery, { fetchPolicy: 'cache-and-network', skip: availability !== 'available' });
  const [save] = useMutation(SavePushSubscriptionMutation, REFETCH);
  const [remove] = useMutation(DeletePushSubscriptionMutation, REFETCH);

  useEffect(() => {
    if (availability !== 'available') return;
    let live = true;
    currentSubscription()
      .then((subscription) => live && !busy.current && setSubscribed(subscription !== null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [availability]);

  const turnOn = async () => {
    let subscription: PushSubscription | null = null;
    try {
      if (!(await askPermission())) {
        setSubscribed(false);
        setAvailability(pushAvailability(navigator, window));
        return;
      }
      const key = (await client.query({ query: PushPublicKeyQuery })).data?.pushPublicKey;
      if (!key) throw new Error('no VAPID key');
      subscription = await subscribe(key);
      const input = subscriptionInput(subscription.toJSON(), navigator.userAgent);
      if (!input) throw new Error('subscription without keys');
      const outcome = readMutationResult((await save({ variables: { input } })).data?.savePushSubscription);
      if (!outcome.ok) throw new Error(outcome.message);
      setStatus({ text: outcome.data.message, error: false });
    } catch {
      // nothing left half done: a subscription the server does not know would never receive a notice
      await subscription?.unsubscribe().catch(() => undefined);
      setSubscribed(false);
      setStatus({ text: SUBSCRIBE_FAILED, error: true });
    }
  };

  const turnOff = async () => {
    try {
      const subscription = await currentSubscription();
      if (!subscription) return;
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      const outcome = readMutationResult((await remove({ variables: { endpoint } })).data?.deletePushSubscription);
      if (!outcome.ok) throw new Error(outcome.message);
      setStatus({ text: outcome.data.message, error: false });
    } catch {
      setSubscribed((await currentSubscription().catch(() => null)) !== null);
      setStatus({ text: UNSUBSCRIBE_FAILED, error: true });
    }
  };

  const onToggle = (checked: boolean) => {
    // one change at a time: the switch stays focusable (not disabled) while the browser and the server answer
    if (busy.current) return;
    busy.current = true;
    setSubscribed(checked);
    setStatus(null);
    void (checked ? turnOn() : turnOff()).finally(() => {
      busy.current = false;
    });
  };

  if (availability === 'unsupported')
    return <Text fontSize="sm">Questo browser non può ricevere notifiche. Su iPhone aggiungi prima CampoBase alla schermata Home.</Text>;
  if (availability === 'denied') return <Text fontSize="sm">Hai bloccato le notifiche per questo sito: riattivale dalle impostazioni del browser.</Text>;

  const answer = devices.data?.myPushDevices;
  const count = answer?.__typename === 'QueryMyPushDevicesSuccess' ? devicesText(answer.data) : null;
  return (
    <Stack gap="3">
      <Stack gap="0.5">
        <Switch.Root checked={subscribed} onCheckedChange={(d) => onToggle(d.checked)} colorPalette="brand" alignItems="flex-start">
          <Switch.HiddenInput aria-describedby={helpId} />
          <Switch.Control flexShrink="0" />
          <Switch.Label lineHeight="1.4">Ricevi le notifiche di avvisi e canali su questo dispositivo</Switch.Label>
        </Switch.Root>
        <Text id={helpId} fontSize="sm" color="fg.muted" ps="12">
          Vale solo per questo browser: su un altro telefono o computer attivale di nuovo.
        </Text>
      </Stack>
      {count && (
        <Text fontSize="sm" color="fg.muted">
          {count}
        </Text>
      )}
      {/* mounted from the start: a live region announces what appears in it */}
      <Text role="status" fontSize="sm" fontWeight="medium" color={status?.error ? 'fg.error' : 'green.fg'}>
        {status?.text}
      </Text>
    </Stack>
  );
}

export function MyPushSection() {
  return (
    <AreaSection id="notifiche" title="Notifiche su questo dispositivo" description="Gli avvisi delle società e i nuovi messaggi dei canali arrivano subito come notifiche, anche con l’area chiusa (un canale si può silenziare).">
      <PushSwitch />
    </AreaSection>
  );
}
