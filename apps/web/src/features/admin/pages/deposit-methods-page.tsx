import { type AdminDepositMethod, adminMessages, listMessages } from '@meridian/shared';
import { Landmark, Plus, Save, Undo2 } from 'lucide-react';
import { type DragEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSubmit } from '../../../lib/use-submit';
import { useSaveDepositMethodOrder, useSetDepositMethodActive } from '../api/deposit-method-changes';
import { useAdminDepositMethods } from '../api/get-admin-deposit-methods';
import { AdminPage } from '../components/admin-page';
import { MethodFormDialog } from '../components/methods/method-form-dialog';
import { MethodRow } from '../components/methods/method-row';
import { useDraftOrder } from '../components/methods/use-draft-order';
import { useCan } from '../lib/permissions';

const { methods: text } = adminMessages;

/** /admin/deposit-methods: the methods in the order members see them; create, edit, (de)activate, reorder. */
export function DepositMethodsPage() {
  const methods = useAdminDepositMethods();
  const [editing, setEditing] = useState<{ method: AdminDepositMethod | null } | null>(null);
  const mayManage = useCan('catalogue.manage');
  return (
    <AdminPage
      title={text.title}
      description={text.description}
      actions={
        mayManage && (
          <Button onClick={() => setEditing({ method: null })}>
            <Plus className="size-4" aria-hidden="true" />
            {text.create}
          </Button>
        )
      }
    >
      {methods.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <Skeleton className="h-28 w-full rounded-xl" />
          <Skeleton className="h-28 w-full rounded-xl" />
          <Skeleton className="h-28 w-full rounded-xl" />
          <span className="sr-only">{listMessages.loading}</span>
        </div>
      ) : methods.isError && !methods.data ? (
        <LoadError message={text.loadFailed} onRetry={() => void methods.refetch()} retrying={methods.isFetching} />
      ) : methods.data.length === 0 ? (
        <EmptyState icon={Landmark} title={text.empty} description={text.emptyHint} />
      ) : (
        <MethodList methods={methods.data} onEdit={(method) => setEditing({ method })} readOnly={!mayManage} />
      )}
      <MethodFormDialog method={editing?.method ?? null} isOpen={editing !== null} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}

function MethodList({
  methods,
  onEdit,
  readOnly,
}: {
  methods: AdminDepositMethod[];
  onEdit: (method: AdminDepositMethod) => void;
  readOnly: boolean;
}) {
  const byId = new Map(methods.map((method) => [method.id, method]));
  const draft = useDraftOrder(methods.map((method) => method.id));
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const saveOrder = useSaveDepositMethodOrder();
  const setActive = useSetDepositMethodActive();

  // After a move the row is re-placed in the DOM, which can drop focus: put it back on the button pressed,
  // or on its twin when that end of the list has been reached.
  useLayoutEffect(() => {
    const key = refocus.current;
    if (!key) return;
    refocus.current = null;
    buttons.current.get(key)?.focus();
  });

  const move = (method: AdminDepositMethod, by: -1 | 1) => {
    const to = draft.move(method.id, by);
    if (to === null) return;
    refocus.current = `${method.id}:${by}`;
    setAnnouncement(text.moved(method.label, to + 1, draft.order.length));
  };

  const save = useSubmit({
    run: saveOrder.mutateAsync,
    success: text.reordered,
    onSuccess: draft.reset,
  });
  const toggle = useSubmit({
    run: setActive.mutateAsync,
    success: (method) => (method.active ? text.activated : text.deactivated),
  });

  const dragProps = (id: string) => ({
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', id);
      setDragging(id);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragging) event.preventDefault();
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (dragging) draft.place(dragging, id);
      setDragging(null);
    },
    onDragEnd: () => setDragging(null),
    dragging: dragging === id,
  });

  return (
    <div className="flex flex-col gap-4">
      {draft.changed && (
        <section
          aria-label={text.saveOrder}
          className="sticky top-2 z-10 flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between dark:border-indigo-900 dark:bg-indigo-950"
        >
          <p className="text-sm text-indigo-900 dark:text-indigo-200">{text.orderChanged}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="secondary" size="sm" onClick={draft.reset} disabled={saveOrder.isPending}>
              <Undo2 className="size-4" aria-hidden="true" />
              {text.discardOrder}
            </Button>
            <Button size="sm" loading={saveOrder.isPending} onClick={() => void save(draft.order)}>
              {!saveOrder.isPending && <Save className="size-4" aria-hidden="true" />}
              {saveOrder.isPending ? text.savingOrder : text.saveOrder}
            </Button>
          </div>
        </section>
      )}
      <ol aria-label={text.title} className="flex flex-col gap-3">
        {draft.order.map((id, index) => {
          const method = byId.get(id);
          if (!method) return null;
          return (
            <MethodRow
              key={id}
              method={method}
              position={index + 1}
              count={draft.order.length}
              onMove={(by) => move(method, by)}
              onEdit={() => onEdit(method)}
              onToggle={() => void toggle({ id, active: !method.active })}
              toggling={setActive.isPending && setActive.variables?.id === id}
              upRef={(element) => {
                if (element) buttons.current.set(`${id}:-1`, element);
                else buttons.current.delete(`${id}:-1`);
              }}
              downRef={(element) => {
                if (element) buttons.current.set(`${id}:1`, element);
                else buttons.current.delete(`${id}:1`);
              }}
              drag={dragProps(id)}
              readOnly={readOnly}
            />
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
